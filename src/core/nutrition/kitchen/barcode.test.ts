import { describe, expect, it } from 'vitest';
import { barcodeSchema } from './schemas';
import { gs1CheckDigit, hasValidCheckDigit, normalizeBarcode } from './barcode';

describe('barcodes', () => {
  it('computes the GS1 check digit of real codes', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(hasValidCheckDigit('5449000000996')).toBe(true);
    expect(hasValidCheckDigit('5449000000997')).toBe(false);
  });

  it('keeps one form of a code: UPC-A and a GTIN-14 with a leading 0 are the EAN-13', () => {
    expect(normalizeBarcode('036000291452')).toBe('0036000291452');
    expect(normalizeBarcode('00036000291452')).toBe('0036000291452');
    expect(normalizeBarcode('96385074')).toBe('96385074');
    expect(barcodeSchema.parse(' 4006381-333931 ')).toBe('4006381333931');
  });

  it('refuses wrong lengths, letters and a wrong check digit', () => {
    for (const bad of ['123', '40063813339312345', '400638133393a', '4006381333932', '']) expect(barcodeSchema.safeParse(bad).success).toBe(false);
  });
});
