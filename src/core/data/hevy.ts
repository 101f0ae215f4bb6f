import { emptyImport, problem, readNumbers, readTable, type ImportedSet, type ParsedImport } from './model';
import { DATA_MESSAGES as M } from './messages';
import type { CsvImportOptions } from './strong';
import { readDateTime } from './time';
import { checkSet, checkStart, groupWorkouts, hasMeasure, type SetRow } from './workout-rows';

/**
 * Hevy's workout export: title, start_time, end_time, description, exercise_title, superset_id, exercise_notes,
 * set_index, set_type, weight_kg, reps, distance_km, duration_seconds, rpe. Times are wall-clock ("26 Jun 2023,
 * 18:14") in the user's zone; weights are kilograms whatever the app showed. Every set type (warm-up, drop set,
 * failure) is a set.
 */
export function parseHevy(text: string, options: Omit<CsvImportOptions, 'weightUnit'>): ParsedImport {
  const out = emptyImport();
  const now = options.now ?? Date.now();
  const table = readTable(text, ['title', 'start_time', 'exercise_title', 'weight_kg', 'reps'], 'Hevy', out);
  if (!table) return out;
  const { get } = table;
  const rows: SetRow[] = [];
  for (const { line, cells } of table.rows) {
    const startText = get(cells, 'start_time');
    const start = readDateTime(startText, options.timeZone);
    if (Number.isNaN(start)) {
      out.errors.push(problem(line, M.date, { value: startText }));
      continue;
    }
    if (!checkStart(line, start, out, now)) continue;
    const endText = get(cells, 'end_time');
    const end = endText ? readDateTime(endText, options.timeZone) : Number.NaN;
    const numbers = readNumbers(line, ['weight_kg', 'reps', 'distance_km', 'duration_seconds'], (column) => get(cells, column), out);
    if (!numbers) continue;
    const raw: ImportedSet = {
      reps: numbers.reps,
      weightKg: numbers.weight_kg,
      durationSeconds: numbers.duration_seconds,
      distanceMeters: numbers.distance_km == null ? null : numbers.distance_km * 1000,
      completed: true,
    };
    if (!hasMeasure(raw)) continue;
    const set = checkSet(line, raw, out);
    if (!set) continue;
    const title = get(cells, 'title');
    rows.push({
      line,
      workoutKey: `${startText}\u0000${title}`,
      workoutName: title,
      performedAt: start,
      durationMinutes: Number.isNaN(end) || end <= start ? null : (end - start) / 60_000,
      workoutNotes: get(cells, 'description') || null,
      exerciseName: get(cells, 'exercise_title'),
      exerciseNotes: get(cells, 'exercise_notes') || null,
      set,
    });
  }
  if (table.unterminatedAt !== null) out.errors.push(problem(table.unterminatedAt, M.unterminated));
  groupWorkouts(rows, out);
  return out;
}
