import { exportBodyCsvContract, exportContract, exportMealsCsvContract, exportWorkoutsCsvContract, importContract } from '#core/data/data.contract';
import { importResultSchema, type ImportProgress, type ImportResult, type ImportSource, type WeightUnit } from '#core/data/schemas';
import { call } from '#web/lib/api-client';
import { postEventStream } from '#web/lib/event-stream';

/** The downloads, as links: the browser saves what the server sends as an attachment. */
export const EXPORT_LINKS = {
  json: exportContract.path,
  workouts: exportWorkoutsCsvContract.path,
  meals: exportMealsCsvContract.path,
  body: exportBodyCsvContract.path,
} as const;

export interface ImportInput {
  source: ImportSource;
  file: File;
  weightUnit: WeightUnit;
}

function form({ source, file, weightUnit }: ImportInput, dryRun: boolean): FormData {
  const body = new FormData();
  body.append('source', source);
  body.append('dryRun', String(dryRun));
  if (source === 'strong') body.append('weightUnit', weightUnit);
  body.append('file', file, file.name);
  return body;
}

/** What the import would do: nothing is stored. */
export const checkImport = (input: ImportInput): Promise<ImportResult> => call(importContract, { body: form(input, true) }) as Promise<ImportResult>;

/** The import itself, its stages reported as they happen. */
export const runImport = (input: ImportInput, opts: { onProgress: (p: ImportProgress) => void; signal: AbortSignal }) =>
  postEventStream<ImportResult, ImportProgress>(importContract.path, form(input, false), { resultEvent: 'result', result: importResultSchema, ...opts });
