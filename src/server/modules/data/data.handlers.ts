import { bodyLimit } from 'hono/body-limit';
import {
  createCustomExerciseContract,
  deleteCustomExerciseContract,
  exportBodyCsvContract,
  exportContract,
  exportMealsCsvContract,
  exportWorkoutsCsvContract,
  importContract,
  listCustomExercisesContract,
  renameCustomExerciseContract,
} from '#core/data/data.contract';
import { matchExercise } from '#core/data/exercise-match';
import { CUSTOM_EXERCISE_LIMITS, IMPORT_LIMITS, importFormSchema } from '#core/data/schemas';
import { DATA_MESSAGES } from '#core/data/messages';
import { type MessageText, toMessage } from '#core/messages/catalogue';
import type { FieldDetail, FieldError } from '#core/errors/catalogue';
import type { Db } from '#server/db/client';
import { AppError, fieldErrors } from '#server/lib/app-error';
import type { ErrorReporter } from '#server/lib/error-reporter';
import { readForm } from '#server/lib/images';
import { createRouter, type Guards } from '#server/lib/router';
import { streamJob, wantsEvents } from '#server/lib/stream-job';
import * as repo from './data.repo';
import { bodyCsv, exportDocument, mealsCsv, workoutsCsv } from './services/export';
import { runImport, type WorkoutSummaryHooks } from './services/import';

export interface DataDeps {
  db: Db;
  reporter: ErrorReporter;
  workoutSummary: WorkoutSummaryHooks;
}

/** The import sets its own body limit (the file's 10 MB and the form around it): the app's general one is not applied to it. */
export const isImportUpload = (method: string, path: string) => method === 'POST' && path === '/api/import';

/** Boundaries, headers and the small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', DATA_MESSAGES.fileTooLarge);

const download = (name: string, type: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});
const today = () => new Date().toISOString().slice(0, 10);

const customJson = (row: { id: string; name: string; createdAt: Date }) => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString() });

/** 409 for a name of the user's own exercises: one they have (case aside), or the library's, whose sets count towards its records, suggestions and muscles. */
function conflict(text: MessageText, name: string) {
  const message = toMessage(text, { name });
  return new AppError('ALREADY_EXISTS', message, { details: [{ field: 'name', ...message }] });
}

export function dataRouter(guards: Guards, deps: DataDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  // Refused from the Content-Length before a byte is read when the client sends one, and counted while reading when not.
  const limit = bodyLimit({
    maxSize: IMPORT_LIMITS.fileBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  app.handleUpload(importContract, [limit], async (c) => {
    const form = await readForm(c.req);
    const problems: (FieldError | FieldDetail)[] = [];
    const fields = importFormSchema.omit({ file: true }).safeParse({
      source: form.get('source') ?? undefined,
      dryRun: form.get('dryRun') ?? undefined,
      weightUnit: form.get('weightUnit') || undefined,
    });
    if (!fields.success) problems.push(...fieldErrors(fields.error.issues));
    const file = form.get('file');
    if (file === null) problems.push({ field: 'file', message: DATA_MESSAGES.fileRequired });
    else if (typeof file === 'string') problems.push({ field: 'file', message: DATA_MESSAGES.fileNotFile });
    else if (file.size === 0) problems.push({ field: 'file', message: DATA_MESSAGES.fileRequired });
    if (problems.length > 0) throw AppError.validation(problems);
    if ((file as File).size > IMPORT_LIMITS.fileBytes) throw tooLarge();
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await (file as File).arrayBuffer());
    } catch {
      throw AppError.validation([{ field: 'file', message: DATA_MESSAGES.notText }]);
    }
    const request = { source: fields.data!.source, dryRun: fields.data!.dryRun === 'true', weightUnit: fields.data!.weightUnit, text };
    const userId = c.get('user').id;
    if (!wantsEvents(c)) return c.json(await runImport(db, deps.workoutSummary, userId, request), 200);
    return streamJob(c, deps.reporter, 'result', (progress) => runImport(db, deps.workoutSummary, userId, request, progress));
  });

  app.handle(exportContract, async (c) => {
    const doc = await exportDocument(db, c.get('user').id);
    return c.json(doc, 200, download(`fitforge-export-${today()}.json`, 'application/json; charset=utf-8'));
  });
  app.handle(exportWorkoutsCsvContract, async (c) => c.body(await workoutsCsv(db, c.get('user').id), 200, download(`fitforge-workouts-${today()}.csv`, 'text/csv; charset=utf-8')));
  app.handle(exportMealsCsvContract, async (c) => c.body(await mealsCsv(db, c.get('user').id), 200, download(`fitforge-meals-${today()}.csv`, 'text/csv; charset=utf-8')));
  app.handle(exportBodyCsvContract, async (c) => c.body(await bodyCsv(db, c.get('user').id), 200, download(`fitforge-body-${today()}.csv`, 'text/csv; charset=utf-8')));
  app.handle(listCustomExercisesContract, async (c) => {
    const rows = await repo.customOf(db, c.get('user').id);
    return c.json({ items: rows.map(customJson) }, 200);
  });
  app.handle(createCustomExerciseContract, async (c) => {
    const { name } = c.req.valid('json');
    if (matchExercise(name)) throw conflict(DATA_MESSAGES.customLibrary, name);
    const result = await repo.createCustomExercise(db, c.get('user').id, name, CUSTOM_EXERCISE_LIMITS.perUser);
    if (result.kind === 'taken') throw conflict(DATA_MESSAGES.customTaken, name);
    if (result.kind === 'full') throw new AppError('OPERATION_NOT_ALLOWED', toMessage(DATA_MESSAGES.customMax, { max: CUSTOM_EXERCISE_LIMITS.perUser }));
    return c.json(customJson(result.row), 201);
  });
  app.handle(renameCustomExerciseContract, async (c) => {
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    if (matchExercise(name)) throw conflict(DATA_MESSAGES.customLibrary, name);
    const result = await repo.renameCustomExercise(db, deps.workoutSummary.lock, c.get('user').id, id, name);
    if (result.kind === 'missing') throw AppError.notFound('Exercise', id);
    if (result.kind === 'taken') throw conflict(DATA_MESSAGES.customTaken, name);
    return c.json(customJson(result.row), 200);
  });
  app.handle(deleteCustomExerciseContract, async (c) => {
    if (!(await repo.deleteCustomExercise(db, c.get('user').id, c.req.valid('param').id))) throw AppError.notFound('Exercise', c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });
  return app;
}
