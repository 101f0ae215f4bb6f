import { labelServing, type LabelReading } from '#core/nutrition/kitchen/label';
import { KITCHEN_MESSAGES } from '#core/nutrition/kitchen/messages';
import type { LabelReader } from '#server/adapters/vision/label';
import { AppError } from '#server/lib/app-error';
import { prepareImage } from '#server/lib/images';

/**
 * POST /api/foods/labels: the photo checked and prepared as a meal photo is, the label read by the vision model, its
 * values worked out per serving (core). Nothing is stored: the user checks the values in the label form and saves them.
 */
export async function readLabel(reader: LabelReader, bytes: Uint8Array, signal?: AbortSignal): Promise<LabelReading> {
  const image = await prepareImage(bytes);
  let reading: LabelReading | null;
  try {
    reading = labelServing(await reader.read(image, { signal }));
  } catch (error) {
    throw new AppError('EXTERNAL_SERVICE_ERROR', KITCHEN_MESSAGES.labelUnavailable, { cause: error });
  }
  if (!reading) throw new AppError('VALIDATION_ERROR', KITCHEN_MESSAGES.labelUnreadable, { statusCode: 422 });
  return reading;
}
