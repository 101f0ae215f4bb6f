/**
 * Meal logging and nutrition goals: the rules, free of I/O, shared by the server and the web app.
 *
 * - schemas.ts  request bodies and response shapes of /api/nutrition and /api/foods
 * - messages.ts the texts of their rules (imported from there, not through this index)
 * - goals.ts    Mifflin–St Jeor energy, activity, the goal's change, macro split and fibre
 * - entries.ts  a weight or portion of a table food → nutrients, as stored
 * - meals.ts    the meal a time of day belongs to
 * - amounts.ts  nutrients of a weight from values per 100 g (the web app's live totals)
 * - summary.ts  a day's totals against its targets
 * - foods/      the food table and its search
 */
import { checkAccess, type SubscriptionSnapshot } from '#core/billing/entitlements';

export * from './amounts';
export * from './energy';
export * from './entries';
export * from './goals';
export * from './meals';
export * from './schemas';
export * from './summary';

/**
 * Meal logging is in every tier (spec section 6 lists it for free); what `hasNutritionTracking` withholds from free is
 * tracking against targets of one's own: "customizable nutrition goals" is a basic and pro feature.
 */
export function mayCustomizeGoals(sub: SubscriptionSnapshot, now: Date = new Date()): boolean {
  return checkAccess(sub, { feature: 'nutrition_goals' }, now).allowed;
}
