import { exerciseById } from './exercises';
import { DAY_TYPES, type DayType, type FitnessPlan, type FitnessPlanDay, type FitnessPlanWeek, type Prescription } from './schemas';

/**
 * How a plan is kept in the database (ADR 032): the same plan as `FitnessPlan`, packed. A 12-week plan names about
 * 800 prescriptions, most of them repeated word for word across its weeks (warm-ups, cool-downs, the same dose in
 * two weeks), and a few dozen texts many times over. The packed form keeps each text once (`texts`), each distinct
 * prescription once (`lines`, as a tuple), and each day as indices into them; an exercise's name is left out when it
 * is the library's name in the plan's language, which the engine and the LLM adapter always write. The title lives
 * in the row (renaming touches only the row). Packing loses nothing: `unpackPlan(packPlan(p), p.title)` equals `p`.
 */
export interface PackedPlan {
  format: 2;
  header: Omit<FitnessPlan, 'title' | 'weeks'>;
  texts: string[];
  lines: PackedLine[];
  weeks: PackedWeek[];
}

/**
 * exerciseId, sets, reps min, reps max, duration seconds, per side (0/1), rest seconds, RPE, %1RM, notes (text
 * index, -1 for none), and the name only when it is not the library's.
 */
type PackedLine = [string, number, number | null, number | null, number | null, 0 | 1, number, number, number | null, number, string?];
/** Day type (index into DAY_TYPES), title, focus, notes (text indices, -1 for none), minutes, warm-up, work, cool-down (line indices). */
type PackedDay = [number, number, number, number, number, number[], number[], number[]];
/** Deload (0/1), detailed (0/1), focus (text index), days. */
type PackedWeek = [0 | 1, 0 | 1, number, PackedDay[]];

/** What the `plan` column holds: the packed form, or a whole plan as stored before it (read as it is). */
export type StoredPlan = PackedPlan | FitnessPlan;

const libraryName = (exerciseId: string, plan: Pick<FitnessPlan, 'locale'>) => exerciseById(exerciseId)?.name[plan.locale];

export function packPlan(plan: FitnessPlan): PackedPlan {
  const { title: _title, weeks, ...header } = plan;
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const text = (s: string | null) => {
    if (s === null) return -1;
    let i = textIndex.get(s);
    if (i === undefined) textIndex.set(s, (i = texts.push(s) - 1));
    return i;
  };
  const lines: PackedLine[] = [];
  // Each exercise's lines so far, and its library name: a line is found by comparing its fields with those of the
  // few lines of the same exercise, not by a key string built for each of a plan's 800 prescriptions.
  const byExercise = new Map<string, { name: string | undefined; lines: number[] }>();
  const line = (p: Prescription) => {
    let seen = byExercise.get(p.exerciseId);
    if (!seen) byExercise.set(p.exerciseId, (seen = { name: libraryName(p.exerciseId, plan), lines: [] }));
    const min = p.reps?.min ?? null;
    const max = p.reps?.max ?? null;
    const perSide = p.perSide ? 1 : 0;
    const notes = text(p.notes);
    const name = p.name !== seen.name ? p.name : undefined;
    for (const i of seen.lines) {
      const l = lines[i];
      if (
        l[1] === p.sets &&
        l[2] === min &&
        l[3] === max &&
        l[4] === p.durationSeconds &&
        l[5] === perSide &&
        l[6] === p.restSeconds &&
        l[7] === p.rpe &&
        l[8] === p.percentOneRepMax &&
        l[9] === notes &&
        l[10] === name
      ) {
        return i;
      }
    }
    const packed: PackedLine = [p.exerciseId, p.sets, min, max, p.durationSeconds, perSide, p.restSeconds, p.rpe, p.percentOneRepMax, notes];
    if (name !== undefined) packed.push(name);
    const i = lines.push(packed) - 1;
    seen.lines.push(i);
    return i;
  };
  const day = (d: FitnessPlanDay): PackedDay => [
    DAY_TYPES.indexOf(d.type),
    text(d.title),
    text(d.focus),
    text(d.notes),
    d.estimatedMinutes,
    d.warmUp.map(line),
    d.exercises.map(line),
    d.coolDown.map(line),
  ];
  const packedWeeks = weeks.map((w): PackedWeek => [w.deload ? 1 : 0, w.detailed ? 1 : 0, text(w.focus), w.days.map(day)]);
  return { format: 2, header, texts, lines, weeks: packedWeeks };
}

/**
 * The plan as the API shows it, under the row's title; a plan stored whole (before packing) is read as it is. With
 * `week`, the plan has that week only (none when it has no such week): one week's objects, not every week's.
 */
export function unpackPlan(stored: StoredPlan, title: string, week?: number): FitnessPlan {
  if (!('format' in stored)) return { ...stored, title, weeks: week === undefined ? stored.weeks : stored.weeks.filter((w) => w.weekNumber === week) };
  const { header, texts, weeks } = stored;
  const text = (i: number) => (i === -1 ? null : texts[i]);
  const unpackLine = ([exerciseId, sets, min, max, durationSeconds, perSide, restSeconds, rpe, percentOneRepMax, notes, name]: PackedLine): Prescription => ({
    exerciseId,
    name: name ?? libraryName(exerciseId, header) ?? exerciseId,
    sets,
    reps: min === null || max === null ? null : { min, max },
    durationSeconds,
    perSide: perSide === 1,
    restSeconds,
    rpe,
    percentOneRepMax,
    notes: text(notes),
  });
  // Each line is unpacked when a day first names it (a week read alone names a few of the plan's lines), and each day
  // gets its own objects: a reader may change a day (the coach's swaps) without touching another.
  const lines: Prescription[] = [];
  const line = (i: number): Prescription => ({ ...(lines[i] ??= unpackLine(stored.lines[i])) });
  const day = ([type, dayTitle, focus, notes, minutes, warmUp, exercises, coolDown]: PackedDay, i: number): FitnessPlanDay => ({
    dayNumber: i + 1,
    type: DAY_TYPES[type] as DayType,
    title: texts[dayTitle],
    focus: texts[focus],
    estimatedMinutes: minutes,
    warmUp: warmUp.map(line),
    exercises: exercises.map(line),
    coolDown: coolDown.map(line),
    notes: text(notes),
  });
  const { summary, split, trainingDaysPerWeek, safetyNotes, ...meta } = header;
  return {
    title,
    summary,
    split,
    trainingDaysPerWeek,
    safetyNotes,
    weeks: (week === undefined ? weeks : week >= 1 ? weeks.slice(week - 1, week) : []).map(
      ([deload, detailed, focus, days], i): FitnessPlanWeek => ({
        weekNumber: (week ?? 1) + i,
        deload: deload === 1,
        detailed: detailed === 1,
        focus: texts[focus],
        days: days.map(day),
      }),
    ),
    ...meta,
  };
}
