/**
 * Product barcodes: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14, all ending in the GS1 mod-10
 * check digit. A code is kept in one form so a product is found whichever way it was read: a UPC-A is the EAN-13 with
 * a leading 0 (scanners give either), and a GTIN-14 whose first digit is 0 is that EAN-13 too.
 */
export const BARCODE_LENGTHS = [8, 12, 13, 14] as const;

/** Spaces and hyphens as printed under the bars are left out; anything else stays, for the check to refuse. */
export const barcodeDigits = (text: string): string => text.replace(/[\s-]/g, '');

export const hasBarcodeShape = (digits: string): boolean => /^\d+$/.test(digits) && (BARCODE_LENGTHS as readonly number[]).includes(digits.length);

/** The GS1 check digit of the digits before it: weights 3 and 1 alternating from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export const hasValidCheckDigit = (digits: string): boolean => gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));

/** The one form a code is kept and looked up in (see above). */
export function normalizeBarcode(digits: string): string {
  if (digits.length === 12) return `0${digits}`;
  if (digits.length === 14 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}
