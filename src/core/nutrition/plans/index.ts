/**
 * AI nutrition plans (pro): seven days of meals from the food table that meet the user's targets within 5 % a day
 * and keep their dietary restrictions and allergies.
 *
 * - restrictions.ts  diets and allergies as rules over the food table
 * - targets.ts       the plan's daily targets from the user's goals
 * - brief.ts         the request and goals worked out once, for any generator
 * - engine.ts        the built-in engine (least-squares weights over composed meals)
 * - assemble.ts      a generator's picks → the plan document and its shopping list
 * - check.ts         the rules every plan must pass, whoever wrote it
 */
export * from './assemble';
export * from './brief';
export * from './check';
export * from './engine';
export * from './meals';
export * from './restrictions';
export * from './schemas';
export * from './targets';
export * from './text';
