import type { BarcodeProduct } from '#core/nutrition/kitchen/schemas';
import type { barcodeProductInputSchema } from '#core/nutrition/kitchen/schemas';
import type { ProductLookup } from '#server/adapters/product-lookup/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { z } from 'zod';
import * as repo from '../kitchen.repo';

const r1 = (x: number) => Math.round(x * 10) / 10;

function own(row: repo.BarcodeProductRow): BarcodeProduct {
  return {
    barcode: row.barcode,
    name: row.name,
    brand: null,
    servingGrams: row.servingGrams,
    calories: row.calories,
    protein: row.protein,
    carbs: row.carbs,
    fat: row.fat,
    source: 'own',
  };
}

/** The user's label for a code (a second one replaces the first). */
export async function saveBarcodeProduct(db: Db, userId: string, input: z.output<typeof barcodeProductInputSchema>): Promise<BarcodeProduct> {
  const row = await repo.upsertBarcodeProduct(db, userId, {
    barcode: input.barcode,
    name: input.name,
    servingGrams: r1(input.servingGrams),
    calories: Math.round(input.calories),
    protein: r1(input.protein),
    carbs: r1(input.carbs),
    fat: r1(input.fat),
  });
  return own(row);
}

/** The user's own label first; else the outside database, if there is one and it answers in time; else 404. */
export async function findBarcodeProduct(db: Db, lookup: ProductLookup, userId: string, barcode: string): Promise<BarcodeProduct> {
  const mine = await repo.findBarcodeProduct(db, userId, barcode);
  if (mine) return own(mine);
  const found = await lookup.byBarcode(barcode);
  if (found) return { ...found, source: 'openfoodfacts' };
  throw AppError.notFound('Product', barcode);
}
