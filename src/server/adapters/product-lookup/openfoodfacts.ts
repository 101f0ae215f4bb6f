import { NUTRITION_LIMITS } from '#core/nutrition/schemas';
import { toOneLine } from '#core/common/text';
import type { Logger } from '#server/lib/logger';
import type { FoundProduct, ProductLookup } from './port';

const KJ_PER_KCAL = 4.184;

interface OffProduct {
  product_name?: unknown;
  product_name_en?: unknown;
  generic_name?: unknown;
  brands?: unknown;
  serving_quantity?: unknown;
  serving_quantity_unit?: unknown;
  nutriments?: Record<string, unknown>;
}

const finite = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};
const text = (v: unknown): string | null => (typeof v === 'string' && toOneLine(v).trim() ? toOneLine(v).trim() : null);

/**
 * Open Food Facts' answer (API v2, values per 100 g) as a product per serving: the serving's grams when the product
 * gives them in grams (or millilitres, taken as grams), else 100 g. null when it has no name or no energy.
 */
export function fromOpenFoodFacts(barcode: string, body: unknown): FoundProduct | null {
  if (!body || typeof body !== 'object') return null;
  const { status, product } = body as { status?: unknown; product?: OffProduct };
  if ((status !== 1 && status !== 'success') || !product || typeof product !== 'object') return null;
  const name = text(product.product_name) ?? text(product.product_name_en) ?? text(product.generic_name);
  const n = product.nutriments ?? {};
  const kcal100 = finite(n['energy-kcal_100g']) ?? (finite(n.energy_100g) !== null ? finite(n.energy_100g)! / KJ_PER_KCAL : null);
  if (!name || kcal100 === null) return null;
  const unit = typeof product.serving_quantity_unit === 'string' ? product.serving_quantity_unit.toLowerCase() : 'g';
  const served = finite(product.serving_quantity);
  const servingGrams = served && served >= NUTRITION_LIMITS.minGrams && served <= NUTRITION_LIMITS.grams && (unit === 'g' || unit === 'ml') ? served : 100;
  const scale = servingGrams / 100;
  const macro = (key: string) => {
    const v = finite(n[`${key}_100g`]);
    return v === null ? null : Math.min(Math.round(v * scale * 10) / 10, NUTRITION_LIMITS.macro);
  };
  const brand = text(product.brands)?.split(',')[0]?.trim() || null;
  return {
    barcode,
    name: name.slice(0, NUTRITION_LIMITS.foodName),
    brand,
    servingGrams: Math.round(servingGrams * 10) / 10,
    calories: Math.min(Math.round(kcal100 * scale), NUTRITION_LIMITS.calories),
    protein: macro('proteins'),
    carbs: macro('carbohydrates'),
    fat: macro('fat'),
  };
}

const CACHE_MS = 60 * 60 * 1000;
const CACHED_ANSWERS = 10_000;

/**
 * Open Food Facts (open data, no key): GET {baseUrl}/api/v2/product/{code}.json. A slow or failing answer is "not
 * found" after `timeoutMs`, so the user can always enter the label.
 */
export function createOpenFoodFactsLookup(opts: { baseUrl: string; timeoutMs: number; logger: Logger; userAgent?: string }): ProductLookup {
  const base = opts.baseUrl.replace(/\/$/, '');
  // Open Food Facts' answers (a product, or "no such product") kept for an hour: a code scanned by many users, or
  // asked for again and again, costs one outside request. A failure or a timeout is not kept.
  const answers = new Map<string, { product: FoundProduct | null; until: number }>();
  const remember = (barcode: string, product: FoundProduct | null) => {
    if (answers.size >= CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(barcode, { product, until: Date.now() + CACHE_MS });
    return product;
  };
  return {
    name: 'openfoodfacts',
    async byBarcode(barcode) {
      const kept = answers.get(barcode);
      if (kept && kept.until > Date.now()) return kept.product;
      const url = `${base}/api/v2/product/${encodeURIComponent(barcode)}.json?fields=product_name,product_name_en,generic_name,brands,serving_quantity,serving_quantity_unit,nutriments`;
      try {
        const res = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': opts.userAgent ?? 'FitForge/1.0 (meal logging)' },
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        if (res.status === 404) return remember(barcode, null);
        if (!res.ok) {
          opts.logger.warn('Open Food Facts lookup failed', { status: res.status });
          return null;
        }
        return remember(barcode, fromOpenFoodFacts(barcode, await res.json()));
      } catch (error) {
        opts.logger.warn('Open Food Facts lookup failed', { error: error instanceof Error ? error.message : String(error) });
        return null;
      }
    },
  };
}
