import type { UNIT_SYSTEMS } from '#core/profile/schemas';

/** The user's units preference: the API speaks kilograms and centimetres, the app shows these. */
export type Units = (typeof UNIT_SYSTEMS)[number];

export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A weight in the user's units (kg or lb), to `digits` decimals. */
export function weightIn(kg: number, units: Units, digits = 1): number {
  return round(units === 'imperial' ? kg / KG_PER_LB : kg, digits);
}

/** A length in the user's units (cm or in), to `digits` decimals. */
export function lengthIn(cm: number, units: Units, digits = 1): number {
  return round(units === 'imperial' ? cm / CM_PER_IN : cm, digits);
}

/** i18n keys of the unit names (`units.kg` …). */
export const weightUnitKey = (units: Units) => (units === 'imperial' ? 'units.lb' : 'units.kg');
export const lengthUnitKey = (units: Units) => (units === 'imperial' ? 'units.in' : 'units.cm');
