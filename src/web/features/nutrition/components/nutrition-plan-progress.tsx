import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { NutritionPlanProgressEvent } from '../api/nutrition-plans';

const STAGES = ['analysing_input', 'choosing_foods', 'building_day', 'checking', 'done'] as const;
const DAYS = 7;

/**
 * The stages of a nutrition plan's generation as they arrive: each one ticked off, the current one turning, and
 * the days counted up. A switch to the built-in planner (the AI's plan was not used) is said plainly.
 */
export function NutritionPlanProgress({ events }: { events: NutritionPlanProgressEvent[] }) {
  const { t } = useTranslation();
  // Stages only move forward: a fall-back (which starts building again) keeps the steps already ticked. The first
  // stage turns from the moment the request is sent.
  const reached = events.reduce((max, e) => Math.max(max, STAGES.indexOf(e.stage === 'falling_back' ? 'building_day' : e.stage)), 0);
  const day = events.filter((e) => e.stage === 'building_day').at(-1)?.day ?? 0;
  const fellBack = events.some((e) => e.stage === 'falling_back');
  const total = events.at(-1)?.totalDays ?? DAYS;
  const finished = reached === STAGES.length - 1;
  // One step per stage and per day.
  const steps = reached < 2 ? reached + 1 : reached === 2 ? 2 + day : 2 + total + (reached - 2);
  const percent = finished ? 100 : Math.round((steps / (total + 4)) * 100);

  return (
    <div className="space-y-5" data-testid="nutrition-plan-progress">
      <div
        className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        role="progressbar"
        aria-label={t('nutritionPlans.progress.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.max(0, Math.min(100, percent))}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${Math.max(4, Math.min(100, percent))}%` }} />
      </div>
      <ol className="space-y-3" aria-live="polite">
        {STAGES.map((stage, i) => {
          const done = i < reached || finished;
          const active = i === reached && !finished;
          const label =
            stage === 'building_day'
              ? day > 0
                ? t('nutritionPlans.progress.stage.building_day', { day, total })
                : t('nutritionPlans.progress.stage.building', { total })
              : t(`nutritionPlans.progress.stage.${stage}`);
          return (
            <li key={stage} className={cn('flex items-center gap-3 text-sm', i > reached && !finished ? 'text-zinc-400 dark:text-zinc-500' : 'text-zinc-900 dark:text-zinc-100')}>
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  done ? 'border-emerald-600 bg-emerald-600 text-white' : active ? 'border-brand-500 text-brand-600' : 'border-zinc-300 dark:border-zinc-700',
                )}
              >
                {done ? <CheckIcon /> : active ? <Spinner decorative /> : null}
              </span>
              <span className={cn(active && 'font-medium')}>{label}</span>
            </li>
          );
        })}
      </ol>
      {fellBack ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('nutritionPlans.progress.fellBack')}</p> : null}
    </div>
  );
}
