import { CheckIcon } from './icons';
import { Spinner } from './spinner';
import { cn } from '#web/lib/cn';

/**
 * A long job's stages as they arrive (plan generation): a bar, then each stage ticked off, the current one turning.
 * One stage (`counted`) is repeated `total` times (the weeks or days being built), and the bar counts each of them.
 */
export function StepProgress({
  stages,
  reached,
  finished,
  counted,
  count,
  total,
  title,
  note,
  testId,
}: {
  /** In order, labelled. */
  stages: readonly { key: string; label: string }[];
  /** Index of the stage under way (-1 before any). */
  reached: number;
  finished: boolean;
  /** Index of the repeated stage, and how many of its repeats are done out of `total`. */
  counted: number;
  count: number;
  total: number;
  /** The bar's accessible name. */
  title: string;
  /** Said under the list (e.g. that the built-in planner took over). */
  note?: string;
  testId?: string;
}) {
  // One step per stage, and one per repeat of the counted stage.
  const steps = reached < 0 ? 0 : reached < counted ? reached + 1 : reached === counted ? counted + count : counted + total + (reached - counted);
  const percent = Math.max(0, Math.min(100, finished ? 100 : Math.round((steps / (total + stages.length - 1)) * 100)));
  return (
    <div className="space-y-5" data-testid={testId}>
      <div className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" role="progressbar" aria-label={title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${Math.max(4, percent)}%` }} />
      </div>
      <ol className="space-y-3" aria-live="polite">
        {stages.map((stage, i) => {
          const done = i < reached || finished;
          const active = i === reached && !finished;
          return (
            <li key={stage.key} className={cn('flex items-center gap-3 text-sm', i > reached && !finished ? 'text-zinc-400 dark:text-zinc-500' : 'text-zinc-900 dark:text-zinc-100')}>
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  done ? 'border-emerald-600 bg-emerald-600 text-white' : active ? 'border-brand-500 text-brand-600' : 'border-zinc-300 dark:border-zinc-700',
                )}
              >
                {done ? <CheckIcon /> : active ? <Spinner decorative /> : null}
              </span>
              <span className={cn(active && 'font-medium')}>{stage.label}</span>
            </li>
          );
        })}
      </ol>
      {note ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{note}</p> : null}
    </div>
  );
}
