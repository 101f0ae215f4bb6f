/**
 * What a mid-period price change costs now (DESIGN decision 6): (new − old) × remaining / total of the current
 * period, in cents, rounded to the cent. Negative is a credit (a downgrade). The spec's wording ("days used")
 * would charge for the part of the period already behind the user, which is the opposite of what a provider does.
 */
export function prorationCents(input: { fromCents: number; toCents: number; periodStart: Date; periodEnd: Date; at: Date }): number {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  if (total <= 0) return 0;
  const remaining = Math.min(total, Math.max(0, input.periodEnd.getTime() - input.at.getTime()));
  const cents = Math.round(((input.toCents - input.fromCents) * remaining) / total);
  return cents === 0 ? 0 : cents; // no -0
}
