import type { Locale } from '#core/common/schemas';

/** Every react-query key the web app shares between features. */
export const queryKeys = {
  config: ['config'] as const,
  session: ['session'] as const,
  me: ['me'] as const,
  catalogue: ['billing', 'catalogue'] as const,
  /**
   * A saved fitness plan's outline and each of its weeks (ADR 038), under ['plans', 'plan', id] so that invalidating
   * the plan (a rename, a swap) reaches both, and under the plans feature's ['plans'] so that its invalidations do.
   */
  fitnessPlanOutline: (id: string, locale?: Locale) => ['plans', 'plan', id, 'outline', locale] as const,
  fitnessPlanWeek: (id: string, week: number, locale?: Locale) => ['plans', 'plan', id, 'weeks', week, locale] as const,
  /** The expenditure estimate (nutrition) reads the weigh-ins (body): a new weigh-in makes it stale. */
  energy: ['nutrition', 'energy'] as const,
};
