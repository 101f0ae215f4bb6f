import { useTranslation } from 'react-i18next';
import { distanceUnitOf, formatClock, fromKg, fromMeters, type WeightUnit } from '../lib/draft';

interface SetLike {
  reps: number | null;
  weightKg: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  rpe?: number | null;
}

/** "60 kg × 8", "12 reps", "5 km · 25:00", "0:45", with "· RPE 9" when asked: a logged set in the user's units. */
export function useSetText(unit: WeightUnit) {
  const { t } = useTranslation();
  const distanceUnit = distanceUnitOf(unit);
  return (s: SetLike, withRpe = false): string => {
    const parts: string[] = [];
    if (s.distanceMeters !== null) parts.push(`${fromMeters(s.distanceMeters, distanceUnit)} ${t(`units.${distanceUnit}`)}`);
    if (s.reps !== null) parts.push(s.weightKg !== null ? `${fromKg(s.weightKg, unit)} ${t(`units.${unit}`)} × ${s.reps}` : t('workouts.logger.repsCount', { count: s.reps }));
    else if (s.weightKg !== null) parts.push(`${fromKg(s.weightKg, unit)} ${t(`units.${unit}`)}`);
    if (s.durationSeconds !== null) parts.push(formatClock(s.durationSeconds));
    if (withRpe && s.rpe != null) parts.push(t('workouts.logger.rpeValue', { value: s.rpe }));
    return parts.join(' · ');
  };
}
