// The texts of the nutrition-plan rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
/** Every message of the nutrition-plan rules; each has its key in the message catalogue (ADR 022). */
export const NUTRITION_PLAN_MESSAGES = {
  restriction: 'Unknown dietary restriction',
  restrictionTwice: 'Each restriction may be chosen once',
  allergies: 'Allergies must be at most 200 characters',
  mealsPerDay: 'Meals per day must be 3, 4 or 5',
  planName: 'Plan name must be 1 to 100 characters',
  noFoods: 'These restrictions and allergies leave too few foods to build a plan',
  unreachable: 'Your nutrition goals cannot be met within 5% with these restrictions. Adjust your goals or restrictions and try again.',
} as const;
