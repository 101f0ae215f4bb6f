/** The diets a nutrition plan can keep (the rules over the food table are in restrictions.ts, which the web app does not load). */
export const DIETARY_RESTRICTIONS = ['vegetarian', 'vegan', 'pescatarian', 'gluten_free', 'dairy_free', 'nut_free', 'halal', 'low_carb'] as const;
export type DietaryRestriction = (typeof DIETARY_RESTRICTIONS)[number];
