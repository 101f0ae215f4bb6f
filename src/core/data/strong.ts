import { emptyImport, problem, readNumbers, readTable, type ImportedSet, type ParsedImport } from './model';
import { LB_TO_KG, MILE_TO_KM, type WeightUnit } from './schemas';
import { DATA_MESSAGES as M } from './messages';
import { readDateTime } from './time';
import { checkSet, checkStart, groupWorkouts, hasMeasure, type SetRow } from './workout-rows';

export interface CsvImportOptions {
  timeZone: string;
  /** Strong's comma export writes weights in the app's unit without naming it: the user says which. */
  weightUnit: WeightUnit;
  now?: number;
}

/** "1h 5m", "45m", "30s", "1h"; a bare number is seconds. Null when absent or unreadable. */
export function readDuration(raw: string | undefined): number | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) / 60;
  const m = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(v);
  if (!m || (!m[1] && !m[2] && !m[3])) return null;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) + Number(m[3] ?? 0) / 60;
}

/**
 * Strong's export, either kind:
 * - comma-separated: Date, Workout Name, Duration, Exercise Name, Set Order, Weight, Reps, Distance, Seconds, Notes,
 *   Workout Notes, RPE; weights in `weightUnit`, distances in km (mi with lb);
 * - the older semicolon-separated one, with Weight Unit and Distance Unit columns and Workout Duration.
 * Dates are wall-clock times in the user's zone. Rest-timer rows and rows with nothing measured are passed over.
 */
export function parseStrong(text: string, options: CsvImportOptions): ParsedImport {
  const out = emptyImport();
  const now = options.now ?? Date.now();
  const table = readTable(text, ['date', 'workout name', 'exercise name', 'set order', 'weight', 'reps'], 'Strong', out);
  if (!table) return out;
  const { get } = table;
  const rows: SetRow[] = [];
  for (const { line, cells } of table.rows) {
    const order = get(cells, 'set order');
    if (/rest/i.test(order) || /note/i.test(order)) continue;
    const dateText = get(cells, 'date');
    const at = readDateTime(dateText, options.timeZone);
    if (Number.isNaN(at)) {
      out.errors.push(problem(line, M.date, { value: dateText }));
      continue;
    }
    if (!checkStart(line, at, out, now)) continue;
    const numbers = readNumbers(line, ['weight', 'reps', 'distance', 'seconds'], (column) => get(cells, column), out);
    if (!numbers) continue;
    const weightUnit = table.has('weight unit') ? (/lb/i.test(get(cells, 'weight unit')) ? 'lb' : 'kg') : options.weightUnit;
    const distanceUnit = table.has('distance unit') ? get(cells, 'distance unit').toLowerCase() : options.weightUnit === 'lb' ? 'mi' : 'km';
    const km = (d: number) => (distanceUnit.startsWith('mi') ? d * MILE_TO_KM : distanceUnit === 'm' ? d / 1000 : d);
    const raw: ImportedSet = {
      reps: numbers.reps,
      weightKg: numbers.weight == null ? null : weightUnit === 'lb' ? numbers.weight * LB_TO_KG : numbers.weight,
      durationSeconds: numbers.seconds,
      distanceMeters: numbers.distance == null ? null : km(numbers.distance) * 1000,
      completed: true,
    };
    if (!hasMeasure(raw)) continue;
    const set = checkSet(line, raw, out);
    if (!set) continue;
    const name = get(cells, 'workout name');
    rows.push({
      line,
      workoutKey: `${dateText}\u0000${name}`,
      workoutName: name,
      performedAt: at,
      durationMinutes: readDuration(get(cells, table.has('duration') ? 'duration' : 'workout duration')),
      workoutNotes: get(cells, 'workout notes') || null,
      exerciseName: get(cells, 'exercise name'),
      exerciseNotes: get(cells, 'notes') || null,
      set,
    });
  }
  if (table.unterminatedAt !== null) out.errors.push(problem(table.unterminatedAt, M.unterminated));
  groupWorkouts(rows, out);
  return out;
}
