import { useTranslation } from 'react-i18next';
import type { ProgressEvent } from '../../../../core/plans/api-schemas';
import { CheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

const STAGES = ['analysing_input', 'choosing_exercises', 'building_week', 'checking', 'done'] as const;

/**
 * The stages of a generation as they arrive: each one ticked off, the current one turning, and the weeks counted
 * up. A switch to the built-in planner (the LLM's plan was not used) is said plainly.
 */
export function GenerationProgress({ events, totalWeeks }: { events: ProgressEvent[]; totalWeeks: number }) {
  const { t } = useTranslation();
  const last = events.at(-1);
  const reached = last ? STAGES.indexOf(last.stage === 'falling_back' ? 'building_week' : last.stage) : -1;
  const weeks = events.filter((e) => e.stage === 'building_week').at(-1)?.week ?? 0;
  const fellBack = events.some((e) => e.stage === 'falling_back');
  const total = last?.totalWeeks ?? totalWeeks;
  const finished = last?.stage === 'done';
  // One step per stage and per week.
  const steps = reached < 0 ? 0 : reached < 2 ? reached + 1 : reached === 2 ? 2 + weeks : 2 + total + (reached - 2);
  const percent = finished ? 100 : Math.round((steps / (total + 4)) * 100);

  return (
    <div className="space-y-5">
      <div className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" role="progressbar" aria-label={t('plans.progress.title')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.max(0, Math.min(100, percent))}>
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${Math.max(4, Math.min(100, percent))}%` }} />
      </div>
      <ol className="space-y-3" aria-live="polite">
        {STAGES.map((stage, i) => {
          const done = i < reached || finished;
          const active = i === reached && !finished;
          const label =
            stage === 'building_week'
              ? weeks > 0
                ? t('plans.progress.stage.building_week', { week: weeks, total })
                : t('plans.progress.stage.building', { total })
              : t(`plans.progress.stage.${stage}`);
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
      {fellBack ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('plans.progress.fellBack')}</p> : null}
    </div>
  );
}
