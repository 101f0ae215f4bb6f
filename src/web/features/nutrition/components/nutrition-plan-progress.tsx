import { useTranslation } from 'react-i18next';
import { StepProgress } from '#web/components/ui/step-progress';
import type { NutritionPlanProgressEvent } from '../api/nutrition-plans';

const STAGES = ['analysing_input', 'choosing_foods', 'building_day', 'checking', 'done'] as const;
const DAYS = 7;

/**
 * The stages of a nutrition plan's generation as they arrive, the days counted up. A switch to the built-in planner
 * (the AI's plan was not used) is said plainly.
 */
export function NutritionPlanProgress({ events }: { events: NutritionPlanProgressEvent[] }) {
  const { t } = useTranslation();
  // Stages only move forward: a fall-back (which starts building again) keeps the steps already ticked. The first
  // stage turns from the moment the request is sent.
  const reached = events.reduce((max, e) => Math.max(max, STAGES.indexOf(e.stage === 'falling_back' ? 'building_day' : e.stage)), 0);
  const day = events.filter((e) => e.stage === 'building_day').at(-1)?.day ?? 0;
  const total = events.at(-1)?.totalDays ?? DAYS;
  const label = (stage: (typeof STAGES)[number]) =>
    stage === 'building_day'
      ? day > 0
        ? t('nutritionPlans.progress.stage.building_day', { day, total })
        : t('nutritionPlans.progress.stage.building', { total })
      : t(`nutritionPlans.progress.stage.${stage}`);
  return (
    <StepProgress
      stages={STAGES.map((key) => ({ key, label: label(key) }))}
      reached={reached}
      finished={reached === STAGES.length - 1}
      counted={2}
      count={day}
      total={total}
      title={t('nutritionPlans.progress.title')}
      note={events.some((e) => e.stage === 'falling_back') ? t('nutritionPlans.progress.fellBack') : undefined}
      testId="nutrition-plan-progress"
    />
  );
}
