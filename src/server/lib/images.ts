import type { HonoRequest, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Metadata } from 'sharp';
import { REQUEST_MESSAGES } from '#core/errors/request';
import type { MessageText } from '#core/messages/catalogue';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_MEGAPIXELS, MIN_IMAGE_EDGE } from '#core/common/images';
import type { FieldDetail, FieldError } from '#core/errors/catalogue';
import type { PreparedImage } from '#server/adapters/vision/port';
import { AppError } from './app-error';

/**
 * Photo uploads (meal scans, progress photos): the multipart form read behind a body limit of its own, the image
 * field checked, then the photo decoded, turned upright and re-encoded.
 */

/** The multipart envelope around a 10 MB photo: boundaries, headers and the other fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Longest edge kept: enough for a vision model and for a stored photo, small enough to store by the thousand. */
const MAX_EDGE = 1280;
/** A decompression bomb (a tiny file that claims a huge canvas) is refused before its pixels are decoded. */
const MAX_INPUT_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.imageTooLarge);
const invalid = (message: MessageText) => AppError.validation([{ field: 'image', message }]);

/** The body limit of a photo upload (the app's general limit is not applied to these paths). */
export function imageUploadLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
}

export async function readForm(request: HonoRequest): Promise<FormData> {
  const type = request.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw AppError.validation([{ field: 'content-type', message: REQUEST_MESSAGES.multipartContentType }]);
  }
  try {
    return await request.formData();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.validation([{ field: 'body', message: REQUEST_MESSAGES.malformedMultipart }]);
  }
}

/**
 * The form's `image` field: a file, or its problem added to `problems` (so a form reports every field's mistake at
 * once). Call `imageBytes` once the other fields passed.
 */
export function imageField(form: FormData, problems: (FieldError | FieldDetail)[]): File | null {
  const image = form.get('image');
  if (image === null) problems.push({ field: 'image', message: IMAGE_MESSAGES.imageRequired });
  else if (typeof image === 'string') problems.push({ field: 'image', message: IMAGE_MESSAGES.imageNotFile });
  return image instanceof File ? image : null;
}

export async function imageBytes(file: File): Promise<Uint8Array> {
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  if (file.size === 0) throw invalid(IMAGE_MESSAGES.imageRequired);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Checks what the bytes really are (the declared type is not trusted), then decodes, turns the photo upright from
 * its EXIF orientation, shrinks it and re-encodes it as a JPEG without metadata (no location leaves with it).
 * HEIF files are accepted when this build of libvips can decode them: AVIF-coded ones can, HEVC-coded HEIC cannot.
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  // Imported with the first photo: a server nobody uploads to never loads libvips.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size check below gives the oversized canvas its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(looksLikeHeic(bytes) ? IMAGE_MESSAGES.imageHeic : IMAGE_MESSAGES.imageType);
  }
  if (!['jpeg', 'png', 'webp', 'heif'].includes(meta.format ?? '')) throw invalid(IMAGE_MESSAGES.imageType);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw invalid(IMAGE_MESSAGES.imageTooManyPixels);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    if (Math.min(info.width, info.height) < MIN_IMAGE_EDGE) throw invalid(IMAGE_MESSAGES.imageSmall);
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(meta.format === 'heif' ? IMAGE_MESSAGES.imageHeic : IMAGE_MESSAGES.imageUnreadable);
  }
}

/** An ISO-BMFF file whose brand is one of HEIC's. */
function looksLikeHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return box.startsWith('ftyp') && ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(box.slice(4));
}
