/** Every react-query key the web app shares between features. */
export const queryKeys = {
  config: ['config'] as const,
  session: ['session'] as const,
  me: ['me'] as const,
  plans: ['billing', 'plans'] as const,
  /** The expenditure estimate (nutrition) reads the weigh-ins (body): a new weigh-in makes it stale. */
  energy: ['nutrition', 'energy'] as const,
};
