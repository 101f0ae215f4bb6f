import {
  createSavedMealContract,
  deleteSavedMealContract,
  findBarcodeProductContract,
  getSavedMealContract,
  listSavedMealsContract,
  logSavedMealContract,
  readLabelContract,
  recentFoodsContract,
  saveBarcodeProductContract,
  updateSavedMealContract,
} from '#core/nutrition/kitchen/kitchen.contract';
import type { ProductLookup } from '#server/adapters/product-lookup/port';
import type { LabelReader } from '#server/adapters/vision/label';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { FieldError } from '#core/errors/catalogue';
import { imageBytes, imageField, imageUploadLimit, readForm } from '#server/lib/images';
import { createRouter, type Guards } from '#server/lib/router';
import { readLabel } from './services/labels';
import { findBarcodeProduct, saveBarcodeProduct } from './services/barcodes';
import { recentFoods } from './services/recent-foods';
import { createSavedMeal, deleteSavedMeal, getSavedMeal, listSavedMeals, logSavedMeal, updateSavedMeal } from './services/saved-meals';

/** The label photo upload, which sets its own body limit: the app's general one is not applied to it. */
export const isLabelUpload = (method: string, path: string) => method === 'POST' && path === readLabelContract.path;

/**
 * What makes logging quick: recent and frequent foods, saved meals logged in one go, products by barcode, and a
 * label read from a photo where a vision model is configured (`labelReader`; without one the path is unknown) (ADR 027).
 */
export function kitchenRouter(guards: Guards, deps: { db: Db; productLookup: ProductLookup; labelReader?: LabelReader }) {
  const { db } = deps;
  const app = createRouter(guards);
  const user = (c: { get(key: 'user'): { id: string } }) => c.get('user').id;

  app.handle(recentFoodsContract, async (c) => c.json(await recentFoods(db, user(c)), 200));

  app.handle(listSavedMealsContract, async (c) => c.json(await listSavedMeals(db, user(c)), 200));
  app.handle(createSavedMealContract, async (c) => c.json(await createSavedMeal(db, user(c), c.req.valid('json')), 201));
  app.handle(getSavedMealContract, async (c) => c.json(await getSavedMeal(db, user(c), c.req.valid('param').id), 200));
  app.handle(updateSavedMealContract, async (c) => c.json(await updateSavedMeal(db, user(c), c.req.valid('param').id, c.req.valid('json')), 200));
  app.handle(deleteSavedMealContract, async (c) => {
    await deleteSavedMeal(db, user(c), c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });
  app.handle(logSavedMealContract, async (c) => c.json(await logSavedMeal(c.get('db'), user(c), c.req.valid('param').id, c.req.valid('json')), 201));

  app.handle(saveBarcodeProductContract, async (c) => c.json(await saveBarcodeProduct(db, user(c), c.req.valid('json')), 201));
  app.handle(findBarcodeProductContract, async (c) => c.json(await findBarcodeProduct(db, deps.productLookup, user(c), c.req.valid('param').code), 200));

  const reader = deps.labelReader;
  if (reader) {
    // After the AI limit, the photo's own body limit: a refused request is answered before megabytes are taken in.
    app.handleUpload(readLabelContract, [imageUploadLimit()], async (c) => {
      const problems: FieldError[] = [];
      const file = imageField(await readForm(c.req), problems);
      if (problems.length > 0) throw AppError.validation(problems);
      return c.json(await readLabel(reader, await imageBytes(file!), c.req.raw.signal), 200);
    });
  }
  return app;
}
