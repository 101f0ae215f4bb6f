import { EARLIEST_WORKOUT, WORKOUT_LIMITS, CLOCK_SKEW_MS } from '#core/workouts/schemas';
import { clip, problem, round, type ImportedExercise, type ImportedSet, type ImportedWorkout, type ParsedImport } from './model';
import { DATA_MESSAGES as M } from './messages';

/** One set row of a workout app's CSV, as its parser read it. */
export interface SetRow {
  line: number;
  /** Rows of one workout share it (its start and name). */
  workoutKey: string;
  workoutName: string | null;
  performedAt: number;
  durationMinutes: number | null;
  workoutNotes: string | null;
  exerciseName: string;
  exerciseNotes: string | null;
  set: ImportedSet;
}

const L = WORKOUT_LIMITS;

/** Whether a set has anything to keep: apps write rest timers and empty cardio rows as zeros. */
export function hasMeasure(s: ImportedSet): boolean {
  return (s.reps != null && s.reps > 0) || (s.durationSeconds != null && s.durationSeconds > 0) || (s.distanceMeters != null && s.distanceMeters > 0);
}

/**
 * A set's values within FitForge's limits, or the problem with the first that is not. Zero counts as not written
 * (apps write 0 for an empty cell).
 */
export function checkSet(line: number, s: ImportedSet, out: ParsedImport): ImportedSet | null {
  const within = (column: string, v: number | null, max: number) => {
    if (v == null || (v >= 0 && v <= max)) return true;
    out.errors.push(problem(line, M.range, { column, value: v }));
    return false;
  };
  if (
    !within('reps', s.reps, L.reps) ||
    !within('weight', s.weightKg, L.weightKg) ||
    !within('seconds', s.durationSeconds, L.setSeconds) ||
    !within('distance', s.distanceMeters, L.distanceMeters)
  )
    return null;
  return {
    reps: s.reps != null && s.reps > 0 ? Math.round(s.reps) : null,
    weightKg: s.weightKg != null && s.weightKg > 0 ? round(s.weightKg, 2) : null,
    durationSeconds: s.durationSeconds != null && s.durationSeconds > 0 ? Math.max(1, Math.round(s.durationSeconds)) : null,
    distanceMeters: s.distanceMeters != null && s.distanceMeters > 0 ? round(s.distanceMeters, 1) : null,
    completed: s.completed,
  };
}

/** A start the workout rules accept: not after now, not before 2000. */
export function checkStart(line: number, at: number, out: ParsedImport, now: number): boolean {
  if (at > now + CLOCK_SKEW_MS) out.errors.push(problem(line, M.future));
  else if (at < Date.parse(EARLIEST_WORKOUT)) out.errors.push(problem(line, M.tooOld));
  else return true;
  return false;
}

/**
 * Set rows into workouts: rows of one workout (by key) in file order, an exercise per run of rows with the same
 * exercise name. The workout's length is the file's, else at least a minute; its notes and the exercises' notes are
 * kept within FitForge's lengths.
 */
export function groupWorkouts(rows: SetRow[], out: ParsedImport): void {
  const byKey = new Map<string, { workout: ImportedWorkout; last: ImportedExercise | null; lastName: string | null; warned: Set<string> }>();
  for (const row of rows) {
    let entry = byKey.get(row.workoutKey);
    if (!entry) {
      entry = {
        workout: {
          line: row.line,
          name: clip(row.workoutName, L.nameLength, 'one'),
          performedAt: row.performedAt,
          durationMinutes: Math.min(L.durationMinutes, Math.max(1, Math.round(row.durationMinutes ?? 1))),
          notes: clip(row.workoutNotes, L.notesLength),
          exercises: [],
        },
        last: null,
        lastName: null,
        warned: new Set(),
      };
      byKey.set(row.workoutKey, entry);
      out.workouts.push(entry.workout);
    }
    const name = clip(row.exerciseName, L.nameLength, 'one');
    if (!name) {
      out.errors.push(problem(row.line, M.exerciseName));
      continue;
    }
    if (!entry.last || entry.lastName !== name) {
      if (entry.workout.exercises.length >= L.exercises) {
        if (!entry.warned.has('exercises')) out.errors.push(problem(row.line, M.exercises, { name: entry.workout.name ?? '' }));
        entry.warned.add('exercises');
        continue;
      }
      entry.last = { exerciseId: null, name, notes: null, sets: [] };
      entry.lastName = name;
      entry.workout.exercises.push(entry.last);
    }
    if (row.exerciseNotes && !(entry.last.notes ?? '').split('; ').includes(row.exerciseNotes)) {
      const joined = entry.last.notes ? `${entry.last.notes}; ${row.exerciseNotes}` : row.exerciseNotes;
      entry.last.notes = clip(joined, L.exerciseNotesLength);
    }
    if (entry.last.sets.length >= L.setsPerExercise) {
      if (!entry.warned.has(`sets:${name}`)) out.errors.push(problem(row.line, M.sets, { name }));
      entry.warned.add(`sets:${name}`);
      continue;
    }
    entry.last.sets.push(row.set);
  }
}
