import { LOCKED_CHOICE_MESSAGE } from '#core/billing/messages';

// The texts of the fitness plan rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
export const PLAN_INPUT_MESSAGES = {
  planName: 'Plan name must be 1 to 100 characters',
  planType: 'Plan type must be one of strength, cardio, weight_loss, muscle_gain, general_fitness, sports_performance',
  goals: 'Choose 1 to 3 goals',
  goal: 'Goal must be one of lose_weight, build_muscle, improve_endurance, increase_strength, improve_flexibility, general_health',
  goalsUnique: 'Each goal may be chosen once',
  fitnessLevel: 'Fitness level must be beginner, intermediate or advanced',
  equipment: 'Choose at least one equipment option',
  equipmentItem: 'Equipment must be one of none, dumbbells, barbell, resistance_bands, kettlebell, pull_up_bar, gym_access',
  equipmentUnique: 'Each piece of equipment may be chosen once',
  duration: 'Duration must be 4, 8 or 12 weeks',
} as const;

export const PLANS_API_MESSAGES = {
  /** On each field of a generation request the free tier may not choose (403 SUBSCRIPTION_REQUIRED details). */
  locked: LOCKED_CHOICE_MESSAGE,
  search: 'Search must be 1 to 100 characters',
  muscle: 'Unknown muscle',
  pattern: 'Unknown movement pattern',
  kind: 'Kind must be strength, cardio, mobility or plyometric',
  source: 'Source must be ai, builtin or library',
  week: 'Week must be a whole number from 1 to 12',
} as const;
