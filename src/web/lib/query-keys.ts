import type { Locale } from '#core/common/schemas';

/** Every react-query key the web app shares between features. */
export const queryKeys = {
  config: ['config'] as const,
  session: ['session'] as const,
  me: ['me'] as const,
  catalogue: ['billing', 'catalogue'] as const,
  /** A saved fitness plan, under the plans feature's ['plans'] so that its invalidations reach it. */
  fitnessPlan: (id: string, locale?: Locale) => ['plans', 'plan', id, locale] as const,
  /** The expenditure estimate (nutrition) reads the weigh-ins (body): a new weigh-in makes it stale. */
  energy: ['nutrition', 'energy'] as const,
};
