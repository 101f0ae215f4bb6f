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

/** How long a previewed plan change can still be charged exactly as previewed. */
const PRORATION_QUOTE_MS = 30 * 60_000;
/** Instances' clocks may differ by this much: a preview made on one can be confirmed on another. */
const CLOCK_SKEW_MS = 60_000;

/** A moment as the provider keeps it (Stripe's proration_date is in whole seconds). */
export const wholeSeconds = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/**
 * The moment a plan change is prorated to: the preview's, so the charge is the amount the user was shown, while the
 * preview is recent (else null: the user must look at the price again); now when no preview is named.
 */
export function prorationMoment(previewed: Date | undefined, now: Date): Date | null {
  if (!previewed) return wholeSeconds(now);
  const age = now.getTime() - previewed.getTime();
  return age >= -CLOCK_SKEW_MS && age <= PRORATION_QUOTE_MS ? wholeSeconds(previewed) : null;
}
