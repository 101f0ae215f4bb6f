import type { LocalDate } from './dates';

/**
 * Epley's formula loses accuracy fast beyond about a dozen reps (a set of 30 is endurance, not strength), so sets
 * with more reps give no estimate rather than a misleading one.
 */
export const E1RM_MAX_REPS = 12;

/** Estimated one-repetition maximum (Epley): weight × (1 + reps / 30); a single is its own 1RM. */
export function estimateOneRepMax(weightKg: number | null | undefined, reps: number | null | undefined): number | null {
  if (!weightKg || weightKg <= 0 || !reps || reps < 1 || reps > E1RM_MAX_REPS) return null;
  return reps === 1 ? weightKg : weightKg * (1 + reps / 30);
}

/** Library exercises by id; custom ones by their name, ignoring case, so "Sled push" and "sled push" are one lift. */
export function exerciseKey(exerciseId: string | null | undefined, customName: string | null | undefined): string {
  return exerciseId ? exerciseId : `custom:${(customName ?? '').trim().toLowerCase()}`;
}

/** One completed set, reduced to what records and trends need. */
export interface SetFact {
  exerciseId: string | null;
  customName: string | null;
  reps: number | null;
  weightKg: number | null;
  date: LocalDate;
}

export interface PersonalRecord {
  exerciseId: string | null;
  customName: string | null;
  /** Heaviest weight lifted (more reps break a tie). */
  maxWeight: { weightKg: number; reps: number | null; date: LocalDate } | null;
  /** Most reps in one set (the heavier set breaks a tie). */
  maxReps: { reps: number; weightKg: number | null; date: LocalDate } | null;
  /** Best estimated 1RM of any set of 1–12 reps. */
  bestE1rm: { e1rmKg: number; weightKg: number; reps: number; date: LocalDate } | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Records per exercise. A tie goes to the earlier set: that is when the record was set. So a set that repeats an
 * earlier one (same exercise, reps and weight) changes nothing, and a caller may pass each such combination once,
 * with the first day it was done; even just the heaviest set per exercise and rep count is enough.
 */
export function personalRecords(sets: Iterable<SetFact>): PersonalRecord[] {
  const byKey = new Map<string, PersonalRecord & { latest: LocalDate }>();
  for (const s of sets) {
    const key = exerciseKey(s.exerciseId, s.customName);
    let rec = byKey.get(key);
    if (!rec) {
      rec = { exerciseId: s.exerciseId, customName: s.exerciseId ? null : s.customName, maxWeight: null, maxReps: null, bestE1rm: null, latest: s.date };
      byKey.set(key, rec);
    }
    const weight = s.weightKg && s.weightKg > 0 ? s.weightKg : null;
    const reps = s.reps && s.reps > 0 ? s.reps : null;
    if (weight !== null) {
      const m = rec.maxWeight;
      if (!m || weight > m.weightKg || (weight === m.weightKg && ((reps ?? 0) > (m.reps ?? 0) || ((reps ?? 0) === (m.reps ?? 0) && s.date < m.date)))) {
        rec.maxWeight = { weightKg: weight, reps, date: s.date };
      }
    }
    if (reps !== null) {
      const m = rec.maxReps;
      if (!m || reps > m.reps || (reps === m.reps && ((weight ?? 0) > (m.weightKg ?? 0) || ((weight ?? 0) === (m.weightKg ?? 0) && s.date < m.date)))) {
        rec.maxReps = { reps, weightKg: weight, date: s.date };
      }
    }
    const e1rm = estimateOneRepMax(weight, reps);
    if (e1rm !== null) {
      const m = rec.bestE1rm;
      if (!m || e1rm > m.e1rmKg || (e1rm === m.e1rmKg && s.date < m.date)) rec.bestE1rm = { e1rmKg: e1rm, weightKg: weight!, reps: reps!, date: s.date };
    }
  }
  const out: (PersonalRecord & { latest: LocalDate })[] = [];
  for (const rec of byKey.values()) {
    if (!rec.maxWeight && !rec.maxReps) continue;
    rec.latest = [rec.maxWeight?.date, rec.maxReps?.date, rec.bestE1rm?.date]
      .filter((d): d is string => !!d)
      .sort()
      .pop()!;
    out.push(rec);
  }
  // The newest records first: that is what a user looks for after a session.
  out.sort((a, b) => (a.latest !== b.latest ? (a.latest < b.latest ? 1 : -1) : exerciseKey(a.exerciseId, a.customName) < exerciseKey(b.exerciseId, b.customName) ? -1 : 1));
  return out.map(({ latest: _latest, ...rec }) => ({ ...rec, bestE1rm: rec.bestE1rm && { ...rec.bestE1rm, e1rmKg: round1(rec.bestE1rm.e1rmKg) } }));
}
