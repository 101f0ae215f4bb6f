import { useTranslation } from 'react-i18next';
import type { ProgressEvent } from '#core/plans/api-schemas';
import { StepProgress } from '#web/components/ui/step-progress';

const STAGES = ['analysing_input', 'choosing_exercises', 'building_week', 'checking', 'done'] as const;

/**
 * The stages of a generation as they arrive, the weeks counted up. A switch to the built-in planner (the LLM's plan
 * was not used) is said plainly.
 */
export function GenerationProgress({ events, totalWeeks }: { events: ProgressEvent[]; totalWeeks: number }) {
  const { t } = useTranslation();
  const last = events.at(-1);
  const weeks = events.filter((e) => e.stage === 'building_week').at(-1)?.week ?? 0;
  const total = last?.totalWeeks ?? totalWeeks;
  const label = (stage: (typeof STAGES)[number]) =>
    stage === 'building_week'
      ? weeks > 0
        ? t('plans.progress.stage.building_week', { week: weeks, total })
        : t('plans.progress.stage.building', { total })
      : t(`plans.progress.stage.${stage}`);
  return (
    <StepProgress
      stages={STAGES.map((key) => ({ key, label: label(key) }))}
      reached={last ? STAGES.indexOf(last.stage === 'falling_back' ? 'building_week' : last.stage) : -1}
      finished={last?.stage === 'done'}
      counted={2}
      count={weeks}
      total={total}
      title={t('plans.progress.title')}
      note={events.some((e) => e.stage === 'falling_back') ? t('plans.progress.fellBack') : undefined}
    />
  );
}
