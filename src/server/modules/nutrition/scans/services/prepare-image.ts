import type { Metadata } from 'sharp';
import type { PreparedImage } from '#server/adapters/vision/port';
import { MAX_SCAN_IMAGE_MEGAPIXELS, MIN_SCAN_IMAGE_EDGE, SCAN_MESSAGES } from '#core/nutrition/scans/schemas';
import type { MessageText } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';

/** Longest edge kept: enough for a vision model and for the stored meal photo, small enough to store by the thousand. */
const MAX_EDGE = 1280;
/** A decompression bomb (a tiny file that claims a huge canvas) is refused before its pixels are decoded. */
const MAX_INPUT_PIXELS = MAX_SCAN_IMAGE_MEGAPIXELS * 1_000_000;

const invalid = (message: MessageText) => AppError.validation([{ field: 'image', message }]);

/**
 * Checks what the bytes really are (the declared type is not trusted), then decodes, turns the photo upright from
 * its EXIF orientation, shrinks it and re-encodes it as a JPEG without metadata (no location leaves with it).
 * HEIF files are accepted when this build of libvips can decode them: AVIF-coded ones can, HEVC-coded HEIC cannot.
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  // Imported with the first photo: a server nobody scans with never loads libvips.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size check below gives the oversized canvas its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(looksLikeHeic(bytes) ? SCAN_MESSAGES.imageHeic : SCAN_MESSAGES.imageType);
  }
  if (!['jpeg', 'png', 'webp', 'heif'].includes(meta.format ?? '')) throw invalid(SCAN_MESSAGES.imageType);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw invalid(SCAN_MESSAGES.imageTooManyPixels);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    if (Math.min(info.width, info.height) < MIN_SCAN_IMAGE_EDGE) throw invalid(SCAN_MESSAGES.imageSmall);
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(meta.format === 'heif' ? SCAN_MESSAGES.imageHeic : SCAN_MESSAGES.imageUnreadable);
  }
}

/** An ISO-BMFF file whose brand is one of HEIC's. */
function looksLikeHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return box.startsWith('ftyp') && ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(box.slice(4));
}
