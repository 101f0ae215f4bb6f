import type { Prescription } from '#core/plans/schemas';

/** Seconds as people say them: 45 → "45 s", 90 → "90 s", 150 → "2.5 min", 600 → "10 min". */
export function durationParts(seconds: number): { value: number; unit: 's' | 'min' } {
  if (seconds < 120 || seconds % 30 !== 0) return { value: seconds, unit: 's' };
  return { value: seconds / 60, unit: 'min' };
}

/** The work of one line without words: "3 × 8–12", "4 × 30 s", "1 × 20 min". */
export function doseParts(p: Pick<Prescription, 'sets' | 'reps' | 'durationSeconds'>): { sets: number; reps: string | null; time: { value: number; unit: 's' | 'min' } | null } {
  const reps = p.reps ? (p.reps.min === p.reps.max ? String(p.reps.min) : `${p.reps.min}–${p.reps.max}`) : null;
  return { sets: p.sets, reps, time: p.durationSeconds !== null ? durationParts(p.durationSeconds) : null };
}
