import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { idSchema } from '#core/common/schemas';
import { customExerciseInputSchema, importFormSchema, importResultSchema } from './schemas';

const tags = ['Data'];

const csv = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });

/** Not validated from `importFormSchema`: the handler reads the form itself, behind the import's own body limit. */
export const importContract = defineContract({
  method: 'post',
  path: '/api/import',
  tags,
  auth: 'session',
  limit: 'data',
  summary: 'Import workouts, meals and body entries from Strong, Hevy, MyFitnessPal or a FitForge export',
  description:
    'A multipart form: `file` (at most 10 MB and 100,000 rows), `source` (strong | hevy | myfitnesspal | fitforge), ' +
    '`dryRun` (true: nothing is stored, the answer says what would be) and, for Strong’s comma export whose weights ' +
    'carry no unit, `weightUnit` (kg | lb; your profile’s units by default). Wall-clock times of the file are read in ' +
    'your time zone. What is already in your account (same fingerprint: a workout’s start minute, a meal’s time, ' +
    'type, name and calories, a body entry’s day) is left out, so importing a file twice adds nothing the second ' +
    'time. Exercise names are matched to the library; the others become your own exercises. The import is all or ' +
    'nothing: a file with problems stores nothing and answers 422 with each problem’s line in `details` ' +
    '(field `line:<n>`); a dry run answers 200 with them in `errors`. Send `Accept: text/event-stream` to follow a ' +
    'long import: `progress` events, then one `result` event (the 200 body) or one `error` event (the envelope).',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: importFormSchema } } } },
  responses: {
    200: {
      description: 'What was imported, or with dryRun what would be; Server-Sent Events with Accept: text/event-stream',
      content: { 'application/json': { schema: importResultSchema }, 'text/event-stream': { schema: z.string() } },
    },
  },
  errors: [400, 401, 413, 422, 429],
});

export const exportContract = defineContract({
  method: 'get',
  path: '/api/export',
  tags,
  auth: 'session',
  limit: 'data',
  summary: 'Everything your account holds, as one JSON file (a download) that POST /api/import reads back',
  description:
    'Profile, preferences, goals, your own exercises, workouts with their sets, meals, body entries, fitness and ' +
    'nutrition plans, forum posts and comments. `format` and `version` say what it is; units are metric ' +
    '(kilograms, metres, seconds), times are ISO 8601 in UTC. Photos are not included.',
  responses: { 200: json('The export (Content-Disposition: attachment)', z.object({ format: z.string(), version: z.number().int(), exportedAt: z.string() }).loose()) },
  errors: [401, 429],
});

const csvDescription =
  'Comma-separated with a header row, UTF-8 with a byte-order mark, metric units named in the headers (weight_kg, ' +
  'distance_m…); times in ISO 8601 UTC and the day in your time zone. Text that a spreadsheet would run as a formula ' +
  '(starting with = + - @, a tab or a carriage return) is written with a leading apostrophe.';

export const exportWorkoutsCsvContract = defineContract({
  method: 'get',
  path: '/api/export/workouts.csv',
  tags,
  auth: 'session',
  limit: 'data',
  summary: 'Your workouts for a spreadsheet: one row per set',
  description: csvDescription,
  responses: { 200: csv('workouts.csv (Content-Disposition: attachment)') },
  errors: [401, 429],
});

export const exportMealsCsvContract = defineContract({
  method: 'get',
  path: '/api/export/meals.csv',
  tags,
  auth: 'session',
  limit: 'data',
  summary: 'Your meals for a spreadsheet: one row per food logged',
  description: csvDescription,
  responses: { 200: csv('meals.csv (Content-Disposition: attachment)') },
  errors: [401, 429],
});

export const exportBodyCsvContract = defineContract({
  method: 'get',
  path: '/api/export/body.csv',
  tags,
  auth: 'session',
  limit: 'data',
  summary: 'Your body entries for a spreadsheet: one row per day',
  description: csvDescription,
  responses: { 200: csv('body.csv (Content-Disposition: attachment)') },
  errors: [401, 429],
});

export const customExerciseSchema = z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() });

export const listCustomExercisesContract = defineContract({
  method: 'get',
  path: '/api/custom-exercises',
  tags,
  auth: 'session',
  summary: 'Your own exercises: names an import found in no library entry, oldest first',
  description: 'A workout names one by its `customName` (logging, history and stats group such sets by the name, case aside); ' + 'the id is stable and is what the export lists.',
  responses: { 200: json('Your own exercises', z.object({ items: z.array(customExerciseSchema) })) },
  errors: [401, 429],
});

export const createCustomExerciseContract = defineContract({
  method: 'post',
  path: '/api/custom-exercises',
  tags,
  auth: 'session',
  summary: 'Add an exercise of your own (the logger’s picker offers it when the library has no match)',
  description:
    'The name is trimmed and its runs of spaces made one; 1 to 100 characters. Names are unique per user, case aside: ' +
    'a name you already have answers 409, and so does a name of the library (log that exercise instead). At most 100 ' +
    'exercises of your own (400 past that). Log it as a workout exercise with `customName` set to its name.',
  request: { body: jsonBody(customExerciseInputSchema) },
  responses: { 201: json('Your new exercise', customExerciseSchema) },
  errors: [400, 401, 409, 429],
});

export const renameCustomExerciseContract = defineContract({
  method: 'patch',
  path: '/api/custom-exercises/{id}',
  tags,
  auth: 'session',
  summary: 'Rename one of your own exercises; the workouts that logged it follow',
  description:
    'The same rules as adding one: trimmed, runs of spaces made one, 1 to 100 characters; another of your exercises ' +
    'with that name (case aside) or a library name answers 409. A change of case alone is allowed. The sets you logged ' +
    'under the old name are shown under the new one (history, stats and suggestions group by the name). Another ' +
    'user’s id, or one removed, answers 404.',
  request: { params: z.object({ id: idSchema }), body: jsonBody(customExerciseInputSchema) },
  responses: { 200: json('The exercise under its new name', customExerciseSchema) },
  errors: [400, 401, 404, 409, 429],
});

export const deleteCustomExerciseContract = defineContract({
  method: 'delete',
  path: '/api/custom-exercises/{id}',
  tags,
  auth: 'session',
  summary: 'Remove one of your own exercises from your list',
  description: 'Workouts that logged it keep their sets under its name. Another user’s id, or one already removed, answers 404.',
  request: { params: z.object({ id: idSchema }) },
  responses: { 200: json('Removed', successSchema) },
  errors: [400, 401, 404, 429],
});
