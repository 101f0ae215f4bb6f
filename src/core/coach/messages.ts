/**
 * What the coach says (ADR 022: the English here, the Chinese in the web's catalogue under `coach.<name>`). Weights
 * come in the user's unit with the unit as a param.
 */
export const COACH_MESSAGES = {
  addWeight: 'Every set reached {reps} reps last time: add {step} {unit} and start again at {min} reps.',
  addRep: 'Same weight as last time: aim for {reps} reps a set.',
  hold: 'Last time fell short of {min} reps: same weight, aim for {min} again.',
  stepBack: 'Two sessions in a row below {min} reps: {percent}% lighter to build back up.',
  fromOneRepMax: 'The plan asks for {percent}% of your estimated one-rep max ({e1rm} {unit}).',
  moreReps: 'One more rep than your last session: aim for {reps} a set.',
  holdReps: 'Last time fell short of {min} reps: aim for {min} again.',
  adaptedLighter: 'This week is {percent}% lighter: your last two sessions stayed below {min} reps.',
  adaptFewerSetsRpe: 'One set fewer this week: every set of your last session was RPE 9.5 or harder.',
  adaptFewerSetsBelow: 'One set fewer this week: your last two sessions stayed below {min} reps.',
  adaptLighter: '{percent}% lighter this week: your last two sessions stayed below {min} reps.',
  replacement: 'Choose an exercise with the same movement that your equipment allows',
  planDay: 'Give the plan with both its week and its day',
} as const;
export type CoachMessage = keyof typeof COACH_MESSAGES;
