/** A value read from the URL when it is one of `values` (compared as text), else null. */
export function paramOf<T extends string | number>(values: readonly T[], raw: string | null): T | null {
  return values.find((v) => String(v) === raw) ?? null;
}
