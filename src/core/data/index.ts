import { parseFitForge } from './fitforge';
import { parseHevy } from './hevy';
import type { ParsedImport } from './model';
import { parseMyFitnessPal } from './myfitnesspal';
import type { ImportSource, WeightUnit } from './schemas';
import { parseStrong } from './strong';

export * from './model';
export { matchExercise, customKey } from './exercise-match';
export { parseCsv, toCsv, neutraliseCell } from './csv';

/** A file of one of the sources read into FitForge's terms, with a problem per line it could not read. */
export function parseImport(source: ImportSource, text: string, options: { timeZone: string; weightUnit: WeightUnit; now?: number }): ParsedImport {
  switch (source) {
    case 'strong':
      return parseStrong(text, options);
    case 'hevy':
      return parseHevy(text, options);
    case 'myfitnesspal':
      return parseMyFitnessPal(text, options);
    case 'fitforge':
      return parseFitForge(text, options);
  }
}
