import type { MealType } from '#core/nutrition/schemas';
import { toOneLine, toPlainText } from '#core/common/text';
import { toMessage, type MessageParams } from '#core/messages/catalogue';
import { parseCsv } from './csv';
import { IMPORT_LIMITS, type ImportProblem } from './schemas';
import { DATA_MESSAGES } from './messages';

/** What a parser reads out of a file, in FitForge's units (kg, metres, seconds), before exercises are matched. */

export interface ImportedSet {
  reps: number | null;
  weightKg: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  completed: boolean;
}

export interface ImportedExercise {
  /** A library id the file names (FitForge's own export); otherwise the name is matched to the library. */
  exerciseId: string | null;
  name: string;
  notes: string | null;
  sets: ImportedSet[];
}

export interface ImportedWorkout {
  line: number;
  name: string | null;
  /** The start, milliseconds since the epoch. */
  performedAt: number;
  durationMinutes: number;
  notes: string | null;
  exercises: ImportedExercise[];
}

export interface ImportedMeal {
  line: number;
  foodName: string;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fibre: number | null;
  grams: number | null;
  servingSize: string | null;
  mealType: MealType;
  eatenAt: number;
}

export interface ImportedBodyEntry {
  line: number;
  date: string;
  weightKg: number | null;
  bodyFatPercent: number | null;
  waistCm: number | null;
  hipsCm: number | null;
  chestCm: number | null;
  armCm: number | null;
  thighCm: number | null;
  note: string | null;
}

export interface ParsedImport {
  workouts: ImportedWorkout[];
  meals: ImportedMeal[];
  bodyEntries: ImportedBodyEntry[];
  /** A FitForge export's own exercises (names), kept even when no workout uses them. */
  customExercises: string[];
  errors: ImportProblem[];
}

export const emptyImport = (): ParsedImport => ({ workouts: [], meals: [], bodyEntries: [], customExercises: [], errors: [] });

type DataText = (typeof DATA_MESSAGES)[keyof typeof DATA_MESSAGES];

export function problem(line: number, text: DataText, params?: MessageParams): ImportProblem {
  return { line, ...toMessage(text, params) };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text tidied as the forms tidy it (control characters gone, NUL among them, a name on one line; a lone surrogate,
 * which JSON can spell, becomes U+FFFD) and cut to a column's length without a half character; blank is null.
 */
export function clip(value: string | null | undefined, max: number, lines: 'one' | 'many' = 'many'): string | null {
  const raw = (value ?? '').replace(LONE_SURROGATE, '\uFFFD');
  const v = (lines === 'one' ? toOneLine(raw) : toPlainText(raw)).trim();
  if (!v) return null;
  return [...v].slice(0, max).join('');
}

/** A number as apps write it: "62.5", "62,5" (a decimal comma), "" (none). NaN when unreadable. */
export function readNumber(raw: string | undefined): number | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  const normalised = /^-?\d+,\d+$/.test(v) ? v.replace(',', '.') : v.replaceAll(',', '');
  const n = Number(normalised);
  return Number.isFinite(n) ? n : Number.NaN;
}

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A CSV export's rows, with its columns by their lower-cased header names; null, with the problem noted in `out`,
 * when the file has more rows than an import takes or lacks one of the `required` columns of `source`'s export.
 */
export function readTable(text: string, required: readonly string[], source: string, out: ParsedImport) {
  const table = parseCsv(text, { maxRows: IMPORT_LIMITS.rows });
  if (table.tooManyRows) {
    out.errors.push(problem(0, DATA_MESSAGES.tooManyRows));
    return null;
  }
  const col = new Map(table.header.map((h, i) => [h.toLowerCase(), i]));
  const missing = required.filter((c) => !col.has(c));
  if (missing.length) {
    out.errors.push(problem(1, DATA_MESSAGES.columns, { columns: missing.join(', '), source }));
    return null;
  }
  return {
    rows: table.rows,
    unterminatedAt: table.unterminatedAt,
    has: (name: string) => col.has(name),
    /** The cell of a row under a column, trimmed; '' where the file has no such column. */
    get(cells: readonly string[], name: string): string {
      const i = col.get(name);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    },
  };
}

/** The numbers under `columns` (null where blank); null, with the problem noted, when one of them is not a number. */
export function readNumbers<C extends string>(line: number, columns: readonly C[], read: (column: C) => string, out: ParsedImport): Record<C, number | null> | null {
  const numbers = {} as Record<C, number | null>;
  for (const column of columns) {
    const raw = read(column);
    const n = readNumber(raw);
    if (n !== null && Number.isNaN(n)) {
      out.errors.push(problem(line, DATA_MESSAGES.number, { column, value: raw }));
      return null;
    }
    numbers[column] = n;
  }
  return numbers;
}
