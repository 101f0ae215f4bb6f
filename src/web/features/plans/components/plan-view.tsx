import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExerciseItem, PlanWeekOutline } from '#core/plans/api-schemas';
import type { FitnessPlanDay, FitnessPlanWeek, Prescription } from '#core/plans/schemas';
import { Skeleton } from '#web/components/ui/spinner';
import { Badge } from '#web/components/ui/badge';
import { buttonClasses } from '#web/components/ui/button';
import { ChevronDownIcon, ClipboardIcon, ClockIcon, LockIcon, ShieldIcon } from '#web/components/ui/icons';
import { TabPanel, Tabs, type TabItem } from '#web/components/ui/tabs';
import { cn } from '#web/lib/cn';
import { useLocalePath } from '#web/lib/use-locale';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useSwapExercise } from '#web/app/coach';
import { SwapDialog } from '#web/app/swap-dialog';
import type { PlanAdaptation, PlanSwap } from '#core/coach/apply';
import { exerciseById } from '#core/plans/exercises';
import { translate } from '#web/lib/errors';
import { useLocale } from '#web/lib/use-locale';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { doseParts, durationParts } from '../lib/format';
import { usePrintMode } from '../lib/use-print-mode';

type PlanDayOutline = PlanWeekOutline['days'][number];

/** A week read with the exercises it names. */
export interface WeekRead {
  week: FitnessPlanWeek;
  exercises: Record<string, ExerciseItem>;
}

/** What the view shows before any week is read: a whole plan is one too. */
export interface PlanOutline {
  title: string;
  summary: string;
  safetyNotes: string[];
  weeks: PlanWeekOutline[];
}

interface PlanViewProps {
  outline: PlanOutline;
  /** The week on screen (the page chooses the first), and the way to show another. */
  week: number;
  onWeekChange: (week: number) => void;
  /** A week as read so far: one not read yet shows its days by title while it loads. */
  read: (weekNumber: number) => WeekRead | undefined;
  /** Shown in place of the week on screen when it could not be read (with a way to try again). */
  weekError?: ReactNode;
  /** A saved plan's id: its days can be logged as workouts. */
  planId?: string;
  /** Shown above the weeks (badges, actions), in the page's own words. */
  header: ReactNode;
  /** The reader's tier shows later weeks as a summary: offer the upgrade there. A paying reader is never asked. */
  offerFullSchedule?: boolean;
  /** A saved plan's swaps and adapted weeks (ADR 028): its exercises can be swapped, its adapted weeks say why. */
  coaching?: { swaps: PlanSwap[]; adaptations: PlanAdaptation[] };
}

interface CoachingState {
  planId: string;
  swaps: PlanSwap[];
  adaptations: PlanAdaptation[];
  swap: (p: Prescription) => void;
}
const Coaching = createContext<CoachingState | null>(null);

/** A plan read week by week: each week's seven days, each day's warm-up, work and cool-down with instructions. */
export function PlanView({ outline, week, onWeekChange, read, weekError, planId, header, offerFullSchedule = false, coaching }: PlanViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const swapping = useSwapExercise(planId ?? '');
  const [swapOf, setSwapOf] = useState<Prescription | null>(null);
  const coach: CoachingState | null = planId && coaching ? { planId, ...coaching, swap: setSwapOf } : null;
  const original = swapOf && coaching?.swaps.find((s) => s.replacementId === swapOf.exerciseId);
  const originalExercise = original ? exerciseById(original.exerciseId) : undefined;
  const printing = usePrintMode();
  const tabs: TabItem<string>[] = outline.weeks.map((w) => ({
    id: String(w.weekNumber),
    label: (
      // Positioned: the hidden label must stay inside the scrolling row, not stretch the page.
      <span className="relative inline-flex items-center gap-1.5">
        {t('plans.view.week', { n: w.weekNumber })}
        {w.deload ? <span className="size-1.5 rounded-full bg-sky-500" aria-hidden="true" /> : null}
        {!w.detailed ? (
          <>
            <LockIcon className="text-xs opacity-70" />
            <span className="sr-only">{t('plans.view.summaryOnly')}</span>
          </>
        ) : null}
      </span>
    ),
  }));
  const current = outline.weeks[week - 1] ?? outline.weeks[0];
  const panel = (w: PlanWeekOutline, printing: boolean) => (
    <WeekPanel key={w.weekNumber} outline={w} read={read(w.weekNumber)} planId={planId} printing={printing} offerFullSchedule={offerFullSchedule} />
  );

  return (
    <Coaching.Provider value={coach}>
      <article className="space-y-6 print:space-y-4" aria-label={outline.title}>
        {header}
        <p className="max-w-3xl leading-relaxed text-zinc-700 dark:text-zinc-300">{outline.summary}</p>
        <SafetyNotes notes={outline.safetyNotes} printing={printing} />

        {printing ? (
          // On paper every week follows the last; the page shows one at a time.
          outline.weeks.map((w) => panel(w, true))
        ) : (
          <section aria-labelledby="plan-weeks-heading" className="space-y-4">
            <h2 id="plan-weeks-heading" className="sr-only">
              {t('plans.view.weeks')}
            </h2>
            <div className="-mx-4 px-4 sm:mx-0 sm:px-0">
              <Tabs items={tabs} value={String(current.weekNumber)} onChange={(id) => onWeekChange(Number(id))} label={t('plans.view.weeks')} idPrefix="plan-week" />
            </div>
            <TabPanel idPrefix="plan-week" id={String(current.weekNumber)}>
              {weekError ?? panel(current, false)}
            </TabPanel>
          </section>
        )}
      </article>
      {coach ? (
        <SwapDialog
          exerciseId={swapOf?.exerciseId ?? null}
          name={swapOf?.name ?? ''}
          original={originalExercise ? { id: originalExercise.id, name: originalExercise.name[locale] } : null}
          onClose={() => setSwapOf(null)}
          onPick={(picked) => {
            const from = swapOf;
            setSwapOf(null);
            if (!from) return;
            swapping.mutate(
              { exerciseId: from.exerciseId, replacementId: picked?.id ?? null },
              {
                onSuccess: () => toast.success(picked ? t('coach.swapped', { from: from.name, to: picked.name }) : t('coach.unswapped')),
                onError: (error) => toast.error(errorText(error)),
              },
            );
          }}
        />
      ) : null}
    </Coaching.Provider>
  );
}

function SafetyNotes({ notes, printing }: { notes: string[]; printing: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details
      open={open || printing}
      onToggle={(e) => !printing && setOpen(e.currentTarget.open)}
      className="group rounded-2xl border border-amber-200 bg-amber-50/70 dark:border-amber-900/60 dark:bg-amber-950/30 print:border-zinc-300 print:bg-white"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium text-amber-900 select-none dark:text-amber-200 print:text-black [&::-webkit-details-marker]:hidden">
        <ShieldIcon className="shrink-0 text-base" />
        <span className="flex-1">{t('plans.view.safety', { count: notes.length })}</span>
        <ChevronDownIcon className="shrink-0 transition-transform group-open:rotate-180 print:hidden" />
      </summary>
      <ul className="list-disc space-y-1.5 px-4 pb-4 pl-9 text-sm leading-relaxed text-amber-950 dark:text-amber-100 print:text-black">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </details>
  );
}

/** A week: in full once read, else its outline (its days by title, with room kept for the rest). */
function WeekPanel({
  outline,
  read,
  planId,
  printing,
  offerFullSchedule,
}: {
  outline: PlanWeekOutline;
  read: WeekRead | undefined;
  planId?: string;
  printing: boolean;
  offerFullSchedule: boolean;
}) {
  const { t } = useTranslation();
  const week = read?.week ?? outline;
  return (
    <section className="space-y-3 print:break-inside-auto" aria-label={printing ? t('plans.view.week', { n: week.weekNumber }) : undefined} aria-busy={read || printing ? undefined : true}>
      <div className="flex flex-wrap items-center gap-2">
        {printing ? <h2 className="text-lg font-semibold">{t('plans.view.week', { n: week.weekNumber })}</h2> : null}
        {week.deload ? <Badge tone="brand">{t('plans.view.deload')}</Badge> : null}
        <p className="text-sm text-zinc-600 dark:text-zinc-400 print:text-zinc-700">{week.focus}</p>
      </div>
      {!week.detailed && !printing ? (
        <div className="space-y-3 rounded-2xl border border-dashed border-zinc-300 p-4 dark:border-zinc-700">
          <p className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <LockIcon className="mt-0.5 shrink-0" />
            {t(offerFullSchedule ? 'plans.view.summaryWeek' : 'plans.view.summaryWeekWritten', { n: week.weekNumber })}
          </p>
          {offerFullSchedule ? <UpgradePrompt feature="full_schedule" compact /> : null}
        </div>
      ) : null}
      <ol className="space-y-2.5">
        {read
          ? read.week.days.map((day) => (
              <li key={day.dayNumber}>
                <DayCard day={day} week={read.week} exercises={read.exercises} planId={planId} printing={printing} />
              </li>
            ))
          : outline.days.map((day) => (
              <li key={day.dayNumber}>
                <DayOutline day={day} printing={printing} />
              </li>
            ))}
      </ol>
    </section>
  );
}

const DAY_TONE = {
  strength: 'brand',
  cardio: 'success',
  active_recovery: 'neutral',
  rest: 'neutral',
} as const;

const DAY_FRAME = 'rounded-2xl border border-zinc-200/80 bg-white dark:border-zinc-800 dark:bg-zinc-900/70 print:break-inside-avoid print:border-zinc-300 print:bg-white';

/** A day's number, title, kind and minutes: all its outline has, and the top of its card once its week is read. */
function DayHeading({ day }: { day: PlanDayOutline }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
      <span className="w-12 shrink-0 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t('plans.view.day', { n: day.dayNumber })}</span>
      <span className="min-w-0 font-medium text-zinc-900 dark:text-white print:text-black">{day.title}</span>
      <Badge tone={DAY_TONE[day.type]}>{t(`plans.dayType.${day.type}`)}</Badge>
      {day.estimatedMinutes > 0 ? (
        <span className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
          <ClockIcon />
          {t('plans.view.minutes', { count: day.estimatedMinutes })}
        </span>
      ) : null}
    </div>
  );
}

/** A day of a week not read yet: its heading, and a line held for its focus (on paper, the heading alone). */
function DayOutline({ day, printing }: { day: PlanDayOutline; printing: boolean }) {
  return (
    <div className={cn(DAY_FRAME, 'flex items-start gap-3 px-4 py-3')}>
      <div className="min-w-0 flex-1 space-y-1">
        <DayHeading day={day} />
        {printing ? null : (
          // As many lines as a day's focus takes: one on a wide screen, mostly two on a phone.
          <>
            <Skeleton className="my-0.5 h-4 w-full sm:w-2/3" />
            <Skeleton className="my-0.5 h-4 w-1/2 sm:hidden" />
          </>
        )}
      </div>
    </div>
  );
}

function DayCard({ day, week, exercises, planId, printing }: { day: FitnessPlanDay; week: FitnessPlanWeek; exercises: Record<string, ExerciseItem>; planId?: string; printing: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [open, setOpen] = useState(false);
  const items = day.warmUp.length + day.exercises.length + day.coolDown.length;
  const heading = <DayHeading day={day} />;

  if (items === 0) {
    return (
      <div className={cn(DAY_FRAME, 'flex items-start gap-3 px-4 py-3')}>
        <div className="min-w-0 flex-1 space-y-1">
          {heading}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{day.focus}</p>
          {week.detailed && day.notes ? <p className="text-sm text-zinc-500 dark:text-zinc-400">{day.notes}</p> : null}
        </div>
        {!week.detailed && day.type !== 'rest' ? (
          <span className="mt-1 shrink-0 text-zinc-400">
            <LockIcon />
            <span className="sr-only">{t('plans.view.summaryOnly')}</span>
          </span>
        ) : null}
      </div>
    );
  }

  const logPath = planId ? `${to('app/workouts/new')}?${new URLSearchParams({ planId, week: String(week.weekNumber), day: String(day.dayNumber) })}` : null;
  return (
    <details open={open || printing} onToggle={(e) => !printing && setOpen(e.currentTarget.open)} className={cn(DAY_FRAME, 'group')}>
      <summary className="flex cursor-pointer list-none items-start gap-3 rounded-2xl px-4 py-3 select-none focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
        <div className="min-w-0 flex-1 space-y-1">
          {heading}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{day.focus}</p>
        </div>
        <ChevronDownIcon className="mt-1 shrink-0 text-zinc-500 transition-transform group-open:rotate-180 print:hidden" aria-hidden="true" />
      </summary>
      <div className="space-y-4 border-t border-zinc-100 px-4 pt-3 pb-4 dark:border-zinc-800 print:border-zinc-200">
        {day.notes ? <p className="text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{day.notes}</p> : null}
        <Section title={t('plans.view.warmUp')} items={day.warmUp} exercises={exercises} />
        <Section title={day.type === 'active_recovery' ? t('plans.view.recovery') : t('plans.view.main')} items={day.exercises} exercises={exercises} weekNumber={week.weekNumber} />
        <Section title={t('plans.view.coolDown')} items={day.coolDown} exercises={exercises} />
        {logPath && day.type !== 'rest' ? (
          <Link to={logPath} className={buttonClasses('outline', 'sm', 'w-full sm:w-auto print:hidden')}>
            <ClipboardIcon />
            {t('plans.view.logDay')}
          </Link>
        ) : null}
      </div>
    </details>
  );
}

function Section({ title, items, exercises, weekNumber }: { title: string; items: Prescription[]; exercises: Record<string, ExerciseItem>; weekNumber?: number }) {
  if (items.length === 0) return null;
  return (
    <section className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400 print:text-zinc-700">{title}</h4>
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800 print:divide-zinc-200">
        {items.map((p, i) => (
          <li key={`${p.exerciseId}-${i}`} className="py-2.5 first:pt-0 last:pb-0">
            <PrescriptionRow p={p} exercise={exercises[p.exerciseId]} weekNumber={weekNumber} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function PrescriptionRow({ p, exercise, weekNumber }: { p: Prescription; exercise: ExerciseItem | undefined; weekNumber?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const coach = useContext(Coaching);
  // Only the main work can be swapped or adapted.
  const coached = coach && weekNumber !== undefined ? coach : null;
  const swapped = coached?.swaps.some((s) => s.replacementId === p.exerciseId) ?? false;
  const adaptation = coached?.adaptations.find((a) => a.weekNumber === weekNumber && a.exerciseId === p.exerciseId);
  const dose = doseParts(p);
  const work = dose.reps ? t('plans.dose.reps', { sets: dose.sets, reps: dose.reps }) : dose.time ? t(`plans.dose.time_${dose.time.unit}`, { sets: dose.sets, value: dose.time.value }) : '';
  const rest = p.restSeconds > 0 ? durationParts(p.restSeconds) : null;
  const facts = [
    rest ? t(`plans.dose.rest_${rest.unit}`, { value: rest.value }) : null,
    t('plans.dose.rpe', { value: p.rpe }),
    p.percentOneRepMax ? t('plans.dose.percent', { value: p.percentOneRepMax }) : null,
    p.perSide ? t('plans.dose.perSide') : null,
  ].filter(Boolean);
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="font-medium text-zinc-900 dark:text-zinc-100 print:text-black">{p.name}</span>
        <span className="font-mono text-sm font-semibold whitespace-nowrap text-brand-700 tabular-nums dark:text-brand-300 print:text-black">{work}</span>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400 print:text-zinc-700">{facts.join(' · ')}</p>
      {adaptation ? (
        <p className="rounded-lg bg-amber-50 px-2.5 py-1.5 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200" data-testid="adaptation-note">
          {translate(adaptation.note, locale)}
        </p>
      ) : null}
      {coached ? (
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          {swapped ? <Badge tone="brand">{t('coach.swappedBadge')}</Badge> : null}
          <button
            type="button"
            onClick={() => coached.swap(p)}
            className="inline-flex min-h-8 items-center rounded-lg px-1 text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
            aria-label={t('coach.swapLabel', { name: p.name })}
          >
            {t('coach.swap')}
          </button>
        </div>
      ) : null}
      {p.notes ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{p.notes}</p> : null}
      {exercise ? (
        <details className="group/how print:hidden">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded text-xs font-medium text-brand-700 select-none hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 [&::-webkit-details-marker]:hidden">
            {t('plans.view.howTo')}
            <ChevronDownIcon className="transition-transform group-open/how:rotate-180" aria-hidden="true" />
          </summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm leading-relaxed text-zinc-700 dark:text-zinc-300">
            {exercise.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            {t('plans.view.muscles', { muscles: exercise.primaryMuscles.map((m) => t(`plans.muscle.${m}`)).join(t('plans.listSeparator')) })}
          </p>
        </details>
      ) : null}
    </div>
  );
}
