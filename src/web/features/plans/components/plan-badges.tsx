import { useTranslation } from 'react-i18next';
import type { FitnessLevel, PlanSplit, FitnessPlanType } from '#core/plans/schemas';
import { Badge } from '#web/components/ui/badge';

/** What kind of plan it is, at a glance: type, level, length, days a week and split. */
export function PlanBadges({
  planType,
  fitnessLevel,
  durationWeeks,
  trainingDaysPerWeek,
  split,
}: {
  planType: FitnessPlanType;
  fitnessLevel: FitnessLevel;
  durationWeeks: number;
  trainingDaysPerWeek: number;
  split?: PlanSplit;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone="brand">{t(`plans.type.${planType}`)}</Badge>
      <Badge>{t(`enums.level.${fitnessLevel}`)}</Badge>
      <Badge>{t('plans.weeks', { count: durationWeeks })}</Badge>
      <Badge>{t('plans.daysPerWeek', { count: trainingDaysPerWeek })}</Badge>
      {split ? <Badge>{t(`plans.split.${split}`)}</Badge> : null}
    </div>
  );
}
