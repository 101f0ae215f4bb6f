/**
 * Photos people upload (meal scans, progress photos): what the server accepts. It decides by the file's content, not
 * its declared type, and keeps a re-encoded JPEG without metadata.
 */

/** Largest photo accepted, before it is resized on the server. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Larger canvases are refused before decoding (a small file can claim a huge one). */
export const MAX_IMAGE_MEGAPIXELS = 40;
/** Smallest edge worth keeping. */
export const MIN_IMAGE_EDGE = 64;
/** What an upload picker offers. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

export const IMAGE_MESSAGES = {
  imageRequired: 'Image is required',
  imageNotFile: 'Image must be a file',
  imageTooLarge: 'Image must be at most 10 MB',
  imageType: 'Image must be a JPEG, PNG, WebP or HEIC photo',
  imageUnreadable: 'The image could not be read: it may be damaged or not a photo',
  imageHeic: 'This HEIC photo cannot be read here; please upload it as JPEG, PNG or WebP',
  imageSmall: 'Image must be at least 64 × 64 pixels',
  imageTooManyPixels: 'Image must be at most 40 megapixels',
} as const;
