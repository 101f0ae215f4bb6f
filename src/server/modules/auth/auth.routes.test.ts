import { BASE_ERROR_CODES } from 'better-auth';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins';
import { describe, expect, it } from 'vitest';
import { PROVIDER_ERRORS } from './auth.routes';

describe("the authentication library's errors", () => {
  it('keep their own words where the product shows them as they are, so the catalogue translates what the library says', () => {
    const library: Record<string, { message: string }> = { ...BASE_ERROR_CODES, ...TWO_FACTOR_ERROR_CODES };
    const ownWords = Object.entries(PROVIDER_ERRORS).filter(([, mapped]) => !mapped.code);
    expect(ownWords.length).toBeGreaterThan(0);
    for (const [code, mapped] of ownWords) expect(mapped.message, code).toBe(library[code]?.message);
  });
});
