/** A packaged product found by its barcode, per serving, as an outside database knows it. */
export interface FoundProduct {
  /** The code as asked for (normalized, see core/nutrition/kitchen/barcode.ts). */
  barcode: string;
  name: string;
  brand: string | null;
  servingGrams: number;
  /** Per serving: whole kcal, grams with one decimal; null where the database has no value. */
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
}

/**
 * Looks up a barcode the user has not entered. Never throws: a database that is down, slow or answers nonsense is
 * "not found", and the user enters the label instead.
 */
export interface ProductLookup {
  readonly name: 'none' | 'openfoodfacts';
  byBarcode(barcode: string): Promise<FoundProduct | null>;
}

/** No outside database (OPENFOODFACTS_URL unset): every unknown code is the user's to enter. */
export const noProductLookup: ProductLookup = { name: 'none', byBarcode: async () => null };
