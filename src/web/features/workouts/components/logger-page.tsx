import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Exercise } from '#core/plans/exercises';
import { localDateOf } from '#core/workouts/dates';
import { WORKOUT_LIMITS, type Workout, type WorkoutInput } from '#core/workouts/schemas';
import { WORKOUT_MESSAGES } from '#core/workouts/messages';
import { toMessage } from '#core/messages/catalogue';
import { Badge } from '#web/components/ui/badge';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardBody } from '#web/components/ui/card';
import { Dialog } from '#web/components/ui/dialog';
import { ErrorState } from '#web/components/ui/error-state';
import { Field } from '#web/components/ui/field';
import { ArrowLeftIcon, CheckIcon, ClockIcon, DumbbellIcon, MinusIcon, PlusIcon, TrashIcon } from '#web/components/ui/icons';
import { Input, Textarea } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useFitnessPlanOutline, useFitnessPlanWeek } from '#web/app/fitness-plan';
import { ApiError } from '#web/lib/api-client';
import { useMe } from '#web/app/me';
import { useExerciseProgress, useLogWorkout, useUpdateWorkout, useWorkout, type ProgressPlanRef } from '../api/workouts';
import { useSwapExercise } from '#web/app/coach';
import { SwapDialog } from '#web/app/swap-dialog';
import { exerciseById } from '#core/plans/exercises';
import { translate } from '#web/lib/errors';
import {
  DEFAULT_REST_SECONDS,
  distanceUnitOf,
  draftFromCustom,
  draftFromLibrary,
  draftFromPlanDay,
  draftFromWorkout,
  emptySet,
  exerciseName,
  formatClock,
  formatPace,
  fromKg,
  fromLocalInput,
  fromMeters,
  incompleteExercises,
  isBodyweight,
  paceOf,
  parseNumber,
  RPE_CHOICES,
  setValues,
  toExercisesInput,
  toLocalInput,
  undoneSets,
  type DraftExercise,
  type DraftSet,
  type WeightUnit,
} from '../lib/draft';
import { ExercisePicker } from './exercise-picker';
import { useSetText } from './set-text';
import { Stepper } from './stepper';

interface PlanRef {
  planId: string;
  weekNumber: number;
  dayNumber: number;
}

interface Initial {
  name: string;
  start: Date;
  /** Saved length (editing); null while a live session sets it. */
  durationMinutes: number | null;
  notes: string;
  exercises: DraftExercise[];
  plan: (PlanRef & { label: string }) | null;
}

/** Re-renders every second while `active`: the clocks read Date.now() on each render. */
function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

function readPlanRef(params: URLSearchParams): PlanRef | null {
  const planId = params.get('planId');
  const weekNumber = Number(params.get('week'));
  const dayNumber = Number(params.get('day'));
  if (!planId || !Number.isInteger(weekNumber) || !Number.isInteger(dayNumber) || weekNumber < 1 || dayNumber < 1 || dayNumber > 7) return null;
  return { planId, weekNumber, dayNumber };
}

function LoggerSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 rounded-2xl" />
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}

function useUnit(): WeightUnit | null {
  const me = useMe();
  return me.data ? (me.data.preferences.units === 'imperial' ? 'lb' : 'kg') : null;
}

/** /app/workouts/new, optionally a day of a plan (?planId=&week=&day=). */
export function NewWorkoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const ref = readPlanRef(params);
  const unit = useUnit();
  useDocumentTitle(t('workouts.logger.newTitle'));
  // The same requests as the dashboard's card (in the page's language): offline, the copies it left serve the logger too.
  const plan = useFitnessPlanOutline(ref?.planId ?? null, locale);
  const week = useFitnessPlanWeek(ref?.planId ?? null, ref?.weekNumber ?? null, locale);
  // A week the plan does not have logs a workout of no day's exercises, as a day the plan does not have.
  const weekMissing = week.error instanceof ApiError && week.error.statusCode === 404;
  const [start] = useState(() => new Date());

  let body;
  if (!unit || (ref && (plan.isPending || week.isPending))) body = <LoggerSkeleton />;
  else if (ref && plan.isError) body = <ErrorState error={plan.error} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  else if (ref && week.isError && !weekMissing) body = <ErrorState error={week.error} onRetry={() => void week.refetch()} retrying={week.isFetching} />;
  else {
    let initial: Initial = { name: '', start, durationMinutes: null, notes: '', exercises: [], plan: null };
    if (ref && plan.data) {
      const day = week.data?.week.days.find((d) => d.dayNumber === ref.dayNumber);
      const label = t('workouts.logger.planDay', { plan: plan.data.planName, week: ref.weekNumber, day: ref.dayNumber });
      initial = { ...initial, name: day?.title ?? '', exercises: day ? draftFromPlanDay(day) : [], plan: { ...ref, label } };
    }
    body = <LoggerForm initial={initial} unit={unit} workoutId={null} live />;
  }
  return (
    <div className="container-page max-w-2xl py-6 sm:py-10" lang={locale}>
      {body}
    </div>
  );
}

/** /app/workouts/:workoutId/edit */
export function EditWorkoutPage({ workoutId }: { workoutId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const unit = useUnit();
  const workout = useWorkout(workoutId);
  useDocumentTitle(t('workouts.logger.editTitle'));
  const [initial, setInitial] = useState<Initial | null>(null);
  // Taken once: a refetch after saving must not reset what is being edited.
  if (!initial && workout.data && unit) setInitial(initialFromWorkout(workout.data, unit, t('workouts.logger.fromPlan')));

  return (
    <div className="container-page max-w-2xl py-6 sm:py-10">
      {workout.isError ? (
        <div className="space-y-4">
          <ErrorState error={workout.error} onRetry={() => void workout.refetch()} retrying={workout.isFetching} />
          <ButtonLink to={to('app/workouts')} variant="outline" icon={<ArrowLeftIcon />}>
            {t('workouts.sections.history')}
          </ButtonLink>
        </div>
      ) : initial && unit ? (
        <LoggerForm initial={initial} unit={unit} workoutId={workoutId} live={false} />
      ) : (
        <LoggerSkeleton />
      )}
    </div>
  );
}

function initialFromWorkout(w: Workout, unit: WeightUnit, planLabel: string): Initial {
  return {
    name: w.name ?? '',
    start: new Date(w.performedAt),
    durationMinutes: w.durationMinutes,
    notes: w.notes ?? '',
    exercises: draftFromWorkout(w, unit),
    plan: w.planId && w.weekNumber && w.dayNumber ? { planId: w.planId, weekNumber: w.weekNumber, dayNumber: w.dayNumber, label: planLabel } : null,
  };
}

const rpeStorageKey = (userId: string) => `fitforge.trackRpe.${userId}`;

/** "Track RPE", remembered on this device for this user; on by itself when a workout being edited has RPE. */
function useTrackRpe(userId: string, exercises: DraftExercise[]): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      if (localStorage.getItem(rpeStorageKey(userId)) === '1') return true;
    } catch {
      /* private mode */
    }
    return exercises.some((e) => e.sets.some((s) => s.rpe !== ''));
  });
  const set = (next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(rpeStorageKey(userId), '1');
      else localStorage.removeItem(rpeStorageKey(userId));
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  };
  return [on, set];
}

interface RestState {
  endsAt: number;
  total: number;
}

function LoggerForm({ initial, unit, workoutId, live }: { initial: Initial; unit: WeightUnit; workoutId: string | null; live: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const create = useLogWorkout();
  const update = useUpdateWorkout(workoutId ?? '');
  // Loaded: the form shows once the user's units are known.
  const me = useMe().data!;
  const saving = create.isPending || update.isPending;

  const [exercises, setExercises] = useState<DraftExercise[]>(initial.exercises);
  const [name, setName] = useState(initial.name);
  const [notes, setNotes] = useState(initial.notes);
  const [startText, setStartText] = useState(() => toLocalInput(initial.start));
  const [duration, setDuration] = useState(initial.durationMinutes === null ? '' : String(initial.durationMinutes));
  const [durationTouched, setDurationTouched] = useState(initial.durationMinutes !== null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [rest, setRest] = useState<RestState | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [askUndone, setAskUndone] = useState(false);
  const [swapOf, setSwapOf] = useState<DraftExercise | null>(null);
  const [trackRpe, setTrackRpe] = useTrackRpe(me.id, initial.exercises);
  const swapping = useSwapExercise(initial.plan?.planId ?? '');
  const sessionStart = useRef(initial.start.getTime());

  const now = useTicker(live || rest !== null);
  const elapsedSeconds = Math.max(0, (now - sessionStart.current) / 1000);
  // Until the user types a length, a live session lasts as long as its clock has run (at least a minute).
  const liveMinutes = Math.min(WORKOUT_LIMITS.durationMinutes, Math.max(1, Math.ceil(elapsedSeconds / 60)));
  const durationValue = durationTouched ? duration : String(liveMinutes);
  const restLeft = rest ? Math.max(0, Math.ceil((rest.endsAt - now) / 1000)) : 0;

  useEffect(() => {
    if (!rest || restLeft > 0) return;
    setRest(null);
    setAnnouncement(t('workouts.rest.over'));
    navigator.vibrate?.([200, 100, 200]);
  }, [rest, restLeft, t]);

  const updateExercise = (key: string, fn: (e: DraftExercise) => DraftExercise) => setExercises((list) => list.map((e) => (e.key === key ? fn(e) : e)));
  const updateSet = (exKey: string, setKey: string, patch: Partial<DraftSet>) =>
    updateExercise(exKey, (e) => ({ ...e, sets: e.sets.map((s) => (s.key === setKey ? { ...s, ...patch } : s)) }));

  const toggleDone = (exercise: DraftExercise, set: DraftSet, index: number) => {
    const done = !set.done;
    updateSet(exercise.key, set.key, { done });
    if (done) {
      const seconds = exercise.restSeconds ?? DEFAULT_REST_SECONDS;
      setRest({ endsAt: Date.now() + seconds * 1000, total: seconds });
      setAnnouncement(t('workouts.rest.started', { set: index + 1, name: exerciseName(exercise, locale), time: formatClock(seconds) }));
    }
  };

  const addExercise = (draft: DraftExercise) => {
    setExercises((list) => [...list, draft]);
    // The new card is where the thumb goes next.
    window.setTimeout(() => document.getElementById(`exercise-${draft.key}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }), 50);
  };

  const incomplete = incompleteExercises(exercises);
  const startDate = fromLocalInput(startText);
  const minutes = parseNumber(durationValue);
  const durationInvalid = minutes === null || !Number.isInteger(minutes) || minutes < 1 || minutes > WORKOUT_LIMITS.durationMinutes;

  const totalSets = exercises.reduce((n, e) => n + e.sets.length, 0);
  const undone = undoneSets(exercises);
  const doneSets = totalSets - undone;
  const save = (confirmed: boolean) => {
    setShowErrors(true);
    if (exercises.length === 0 || incomplete.length > 0 || !startDate || durationInvalid) {
      toast.error(exercises.length === 0 ? t('workouts.logger.needExercise') : t('workouts.logger.fixErrors'));
      return;
    }
    if (undone === totalSets) {
      toast.error(t('workouts.logger.needDone'));
      return;
    }
    // Sets not ticked are left out of the saved workout: asked first, so nothing done is lost by a forgotten tick.
    if (undone > 0 && !confirmed) {
      setAskUndone(true);
      return;
    }
    setAskUndone(false);
    const body: WorkoutInput = {
      name: name.trim() || null,
      performedAt: startDate.toISOString(),
      durationMinutes: minutes!,
      notes: notes.trim() || null,
      exercises: toExercisesInput(exercises, unit),
    };
    const done = (queued = false) => {
      toast.success(queued ? t('offline.savedOnDevice') : workoutId ? t('workouts.logger.updated') : t('workouts.logger.saved'));
      void navigate(to('app/workouts'));
    };
    const onError = (error: unknown) => toast.error(errorText(error));
    if (workoutId) update.mutate(body, { onSuccess: () => done(), onError });
    else {
      const names = exercises.map((e) => exerciseName(e, locale));
      create.mutate(
        {
          userId: me.id,
          body: initial.plan ? { ...body, planId: initial.plan.planId, weekNumber: initial.plan.weekNumber, dayNumber: initial.plan.dayNumber } : body,
          label: body.name ?? names.slice(0, 2).join(t('plans.listSeparator')),
          date: localDateOf(body.performedAt, me.preferences.timezone),
        },
        { onSuccess: (logged) => done(logged.queued), onError },
      );
    }
  };

  const weightStep = unit === 'kg' ? 2.5 : 5;

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <Link
          to={to('app/workouts')}
          className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-white"
        >
          <ArrowLeftIcon />
          {t('workouts.sections.history')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{workoutId ? t('workouts.logger.editTitle') : t('workouts.logger.newTitle')}</h1>
        {initial.plan ? <Badge tone="brand">{initial.plan.label}</Badge> : null}
      </div>

      {live ? (
        <div className="sticky top-16 z-30 -mx-4 flex items-center justify-between gap-3 border-b border-zinc-200 bg-white/95 px-4 py-2.5 backdrop-blur-md sm:mx-0 sm:rounded-2xl sm:border dark:border-zinc-800 dark:bg-zinc-950/95">
          <div className="flex items-center gap-2">
            <ClockIcon className="text-lg text-brand-600 dark:text-brand-400" />
            <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('workouts.logger.session')}</span>
            <span className="text-lg font-semibold tabular-nums" role="timer" aria-label={t('workouts.logger.session')}>
              {formatClock(elapsedSeconds)}
            </span>
          </div>
          <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{t('workouts.logger.setsDone', { done: doneSets, total: totalSets })}</span>
        </div>
      ) : null}

      {exercises.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">
            <DumbbellIcon />
          </span>
          <p className="font-medium">{t('workouts.logger.emptyTitle')}</p>
          <p className="max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{t('workouts.logger.emptyBody')}</p>
        </div>
      ) : (
        <ol className="space-y-4" aria-label={t('workouts.logger.exercises')}>
          {exercises.map((exercise, i) => (
            <ExerciseCard
              key={exercise.key}
              exercise={exercise}
              index={i}
              unit={unit}
              rpe={trackRpe}
              weightStep={weightStep}
              invalid={showErrors && incomplete.includes(exercise.key)}
              showLast={live}
              plan={initial.plan}
              onSuggest={(patch) =>
                updateExercise(exercise.key, (e) =>
                  e.suggested ? e : { ...e, suggested: true, sets: e.sets.map((s) => (s.done || (s.weight !== '' && s.weight !== '0') ? s : { ...s, ...patch })) },
                )
              }
              onSwap={exercise.exerciseId ? () => setSwapOf(exercise) : null}
              onSet={(setKey, patch) => updateSet(exercise.key, setKey, patch)}
              onToggle={(set, index) => toggleDone(exercise, set, index)}
              onAddSet={() => updateExercise(exercise.key, (e) => ({ ...e, sets: e.sets.length >= WORKOUT_LIMITS.setsPerExercise ? e.sets : [...e.sets, emptySet(e.sets.at(-1))] }))}
              onRemoveSet={() => updateExercise(exercise.key, (e) => ({ ...e, sets: e.sets.slice(0, -1) }))}
              onRemove={() => setExercises((list) => list.filter((e) => e.key !== exercise.key))}
            />
          ))}
        </ol>
      )}

      <Button variant="outline" size="lg" icon={<PlusIcon />} className="w-full border-dashed" onClick={() => setPickerOpen(true)} disabled={exercises.length >= WORKOUT_LIMITS.exercises}>
        {t('workouts.logger.addExercise')}
      </Button>

      <div className="space-y-1 px-1">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2.5 text-sm font-medium text-zinc-700 dark:text-zinc-300">
          <input type="checkbox" checked={trackRpe} onChange={(e) => setTrackRpe(e.target.checked)} aria-describedby="rpe-help" className="size-5 rounded accent-brand-600" />
          {t('workouts.logger.trackRpe')}
        </label>
        <p id="rpe-help" className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('workouts.logger.rpeHelp')}
        </p>
      </div>

      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Field label={t('workouts.logger.name')} optional className="sm:col-span-2">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={WORKOUT_LIMITS.nameLength} placeholder={t('workouts.logger.namePlaceholder')} />
          </Field>
          <Field label={t('workouts.logger.start')} error={showErrors && !startDate ? t('workouts.logger.startInvalid') : undefined}>
            <Input type="datetime-local" value={startText} onChange={(e) => setStartText(e.target.value)} max={toLocalInput(new Date(now + 60_000))} />
          </Field>
          <Field
            label={t('workouts.logger.duration')}
            hint={live && !durationTouched ? t('workouts.logger.durationLive') : undefined}
            error={showErrors && durationInvalid ? translate(toMessage(WORKOUT_MESSAGES.durationMinutes), locale) : undefined}
          >
            <Stepper
              label={t('workouts.logger.duration')}
              value={durationValue}
              onChange={(v) => {
                setDurationTouched(true);
                setDuration(v);
              }}
              step={5}
              max={WORKOUT_LIMITS.durationMinutes}
            />
          </Field>
          <Field label={t('workouts.logger.notes')} optional className="sm:col-span-2">
            <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} maxLength={WORKOUT_LIMITS.notesLength} />
          </Field>
        </CardBody>
      </Card>

      <p className="sr-only" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>

      {/* Above the phone's tab bar; the save button stays under the thumb however long the workout. */}
      <div className="sticky bottom-[4.5rem] z-30 space-y-2 md:bottom-4">
        {rest ? (
          // biome-ignore lint/a11y/useSemanticElements: a labelled bar of buttons, not a set of form fields (<fieldset>).
          <div
            className="flex items-center gap-2 rounded-2xl border border-brand-200 bg-brand-50/95 p-2 pl-4 shadow-lg backdrop-blur-md dark:border-brand-900 dark:bg-brand-950/90"
            role="group"
            aria-label={t('workouts.rest.label')}
          >
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium text-brand-800 dark:text-brand-200">{t('workouts.rest.label')}</p>
              <p className="text-2xl font-bold text-brand-900 tabular-nums dark:text-white" role="timer">
                {formatClock(restLeft)}
              </p>
              <div className="mt-1 h-1 overflow-hidden rounded-full bg-brand-200/70 dark:bg-brand-900" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear" style={{ width: `${(restLeft / rest.total) * 100}%` }} />
              </div>
            </div>
            <Button variant="ghost" className="h-12 px-3" onClick={() => setRest((r) => (r ? { ...r, endsAt: r.endsAt - 15_000 } : r))} aria-label={t('workouts.rest.less')}>
              −15
            </Button>
            <Button variant="ghost" className="h-12 px-3" onClick={() => setRest((r) => (r ? { endsAt: r.endsAt + 15_000, total: r.total + 15 } : r))} aria-label={t('workouts.rest.more')}>
              +15
            </Button>
            <Button variant="outline" className="h-12" onClick={() => setRest(null)}>
              {t('workouts.rest.skip')}
            </Button>
          </div>
        ) : null}
        <Button size="lg" className="h-14 w-full text-base shadow-lg" icon={<CheckIcon />} loading={saving} onClick={() => save(false)}>
          {workoutId ? t('workouts.logger.saveChanges') : t('workouts.logger.finish')}
        </Button>
      </div>

      <Dialog
        open={askUndone}
        onClose={() => setAskUndone(false)}
        title={t('workouts.logger.undoneTitle', { count: undone })}
        description={t('workouts.logger.undoneBody')}
        footer={
          <>
            <Button variant="outline" onClick={() => setAskUndone(false)}>
              {t('workouts.logger.keepGoing')}
            </Button>
            <Button onClick={() => save(true)} loading={saving}>
              {t('workouts.logger.finishAnyway')}
            </Button>
          </>
        }
      />

      <SwapDialog
        exerciseId={swapOf?.exerciseId ?? null}
        name={swapOf ? exerciseName(swapOf, locale) : ''}
        onClose={() => setSwapOf(null)}
        onPick={(picked) => {
          const from = swapOf;
          setSwapOf(null);
          const lib = picked && exerciseById(picked.id);
          if (!from || !lib) return;
          const fresh = draftFromLibrary(lib);
          // The same number of sets and the plan's dose; the new exercise's suggestion fills them again.
          updateExercise(from.key, (e) => ({
            ...e,
            exerciseId: lib.id,
            mode: fresh.mode,
            suggested: false,
            sets: e.sets.map((s) => (s.done ? s : { ...s, weight: '' })),
          }));
          // On a plan day the swap stays for the rest of the plan.
          if (initial.plan && from.exerciseId) swapping.mutate({ exerciseId: from.exerciseId, replacementId: lib.id }, { onError: (error) => toast.error(errorText(error)) });
          toast.success(t('coach.swapped', { from: exerciseName(from, locale), to: picked.name }));
        }}
      />

      <ExercisePicker open={pickerOpen} onClose={() => setPickerOpen(false)} onPick={(e: Exercise) => addExercise(draftFromLibrary(e))} onCustom={(n) => addExercise(draftFromCustom(n))} />
    </div>
  );
}

interface ExerciseCardProps {
  exercise: DraftExercise;
  index: number;
  unit: WeightUnit;
  /** The RPE column ("Track RPE" on). */
  rpe: boolean;
  weightStep: number;
  invalid: boolean;
  /** Beside each set, what the user did in their last session with this exercise; and the coach's suggestion. */
  showLast: boolean;
  plan: ProgressPlanRef | null;
  /** Fills the untouched sets with the suggestion, once. */
  onSuggest: (patch: Partial<DraftSet>) => void;
  onSwap: (() => void) | null;
  onSet: (setKey: string, patch: Partial<DraftSet>) => void;
  onToggle: (set: DraftSet, index: number) => void;
  onAddSet: () => void;
  onRemoveSet: () => void;
  onRemove: () => void;
}

const SET_GRID = 'grid grid-cols-[1.25rem_4fr_5fr_2.75rem] items-center gap-1.5';
// Narrow enough beside two steppers at 390 px, wide enough for "9.5".
const SET_GRID_RPE = 'grid grid-cols-[1rem_4fr_5fr_2.75rem_2.75rem] items-center gap-1';

function ExerciseCard({ exercise, index, unit, rpe, weightStep, invalid, showLast, plan, onSuggest, onSwap, onSet, onToggle, onAddSet, onRemoveSet, onRemove }: ExerciseCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = exerciseName(exercise, locale);
  const headingId = `exercise-${exercise.key}-name`;
  const { mode } = exercise;
  const distanceUnit = distanceUnitOf(unit);
  const weightLabel = isBodyweight(exercise) ? t('workouts.logger.addedWeight', { unit: t(`units.${unit}`) }) : t(`units.${unit}`);
  const progress = useExerciseProgress(showLast ? exercise.exerciseId : null, plan);
  const lastSets = progress.data?.lastSession?.sets ?? [];
  const suggestion = showLast && progress.data?.suggestion && exercise.mode === 'reps' ? progress.data.suggestion : null;
  const adaptation = showLast ? (progress.data?.adaptation ?? null) : null;
  useEffect(() => {
    if (!suggestion || exercise.suggested) return;
    onSuggest({ reps: String(suggestion.reps), ...(suggestion.weightKg !== null ? { weight: String(fromKg(suggestion.weightKg, unit)) } : {}) });
  }, [suggestion, exercise.suggested, onSuggest, unit]);
  const lastText = useSetText(unit);
  const grid = rpe ? SET_GRID_RPE : SET_GRID;
  const hints = [
    exercise.target ? t('workouts.logger.target', { reps: exercise.target }) : null,
    t('workouts.logger.restHint', { time: formatClock(exercise.restSeconds ?? DEFAULT_REST_SECONDS) }),
  ].filter(Boolean);

  return (
    <li id={`exercise-${exercise.key}`} aria-labelledby={headingId} className="scroll-mt-32">
      <Card className={cn(invalid && 'border-red-400 dark:border-red-700')}>
        <div className="flex items-start gap-3 px-4 pt-4 sm:px-5">
          <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 dark:bg-brand-950/60 dark:text-brand-300">
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="font-semibold text-zinc-900 dark:text-white">
              {name}
            </h2>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{hints.join(' · ')}</p>
          </div>
          {onSwap ? (
            <Button variant="ghost" size="sm" className="h-10 px-2 text-brand-700 dark:text-brand-300" onClick={onSwap} aria-label={t('coach.swapLabel', { name })}>
              {t('coach.swap')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" className="size-10 px-0 text-zinc-500" onClick={onRemove} aria-label={t('workouts.logger.removeExercise', { name })}>
            <TrashIcon className="text-base" />
          </Button>
        </div>
        {suggestion || adaptation ? (
          <div className="space-y-1 px-4 pt-1 pl-14 sm:px-5 sm:pl-15">
            {suggestion ? (
              <p className="text-xs text-brand-800 dark:text-brand-200" data-testid="suggestion-reason">
                <span className="font-semibold">
                  {t('coach.next', {
                    value:
                      suggestion.weightKg !== null
                        ? `${fromKg(suggestion.weightKg, unit)} ${t(`units.${unit}`)} × ${suggestion.reps}`
                        : t('workouts.logger.repsCount', { count: suggestion.reps }),
                  })}
                </span>{' '}
                {translate(suggestion.reason, locale)}
              </p>
            ) : null}
            {adaptation ? (
              <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200" data-testid="adaptation-note">
                {translate(adaptation.note, locale)}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="px-2.5 pt-3 pb-3 sm:px-4">
          <div className={cn(grid, 'px-1 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400')} aria-hidden="true">
            <span>{t('workouts.logger.set')}</span>
            {mode === 'time' ? (
              <span className="col-span-2 text-center">{t('workouts.logger.seconds')}</span>
            ) : mode === 'cardio' ? (
              <>
                <span className="text-center">{t(`units.${distanceUnit}`)}</span>
                <span className="text-center">{t('workouts.logger.time')}</span>
              </>
            ) : (
              <>
                <span className="text-center">{t('workouts.logger.reps')}</span>
                <span className="text-center">{weightLabel}</span>
              </>
            )}
            {rpe ? <span className="text-center">{t('workouts.logger.rpe')}</span> : null}
            <span className="text-center">{t('workouts.logger.done')}</span>
          </div>
          <ul className="space-y-2">
            {exercise.sets.map((set, i) => {
              const label = (what: string) => t('workouts.logger.setField', { n: i + 1, what });
              const last = lastSets[i];
              const values = mode === 'cardio' ? setValues(set, mode, unit) : null;
              const pace = values && paceOf(values.distanceMeters, values.durationSeconds, distanceUnit);
              const notes = [
                last ? t('workouts.logger.last', { value: lastText(last) }) : null,
                pace ? t('workouts.logger.pace', { pace: formatPace(pace), unit: t(`units.${distanceUnit}`) }) : null,
              ].filter((n): n is string => n !== null);
              return (
                <li key={set.key} className={cn('rounded-xl px-1 py-0.5 transition-colors', set.done && 'bg-emerald-50 dark:bg-emerald-950/40')}>
                  <div className={grid}>
                    <span className="text-center text-sm font-semibold text-zinc-500 tabular-nums dark:text-zinc-400">{i + 1}</span>
                    {mode === 'time' ? (
                      <Stepper
                        className="col-span-2"
                        label={label(t('workouts.logger.seconds'))}
                        value={set.seconds}
                        onChange={(v) => onSet(set.key, { seconds: v })}
                        step={15}
                        max={WORKOUT_LIMITS.setSeconds}
                      />
                    ) : mode === 'cardio' ? (
                      <>
                        <Stepper
                          label={label(t(`units.${distanceUnit}`))}
                          value={set.distance}
                          onChange={(v) => onSet(set.key, { distance: v })}
                          step={0.5}
                          max={fromMeters(WORKOUT_LIMITS.distanceMeters, distanceUnit)}
                          decimals
                        />
                        <Input
                          aria-label={label(t('workouts.logger.time'))}
                          value={set.time}
                          onChange={(e) => onSet(set.key, { time: e.target.value.replace(/[^\d:：]/g, '') })}
                          onFocus={(e) => e.target.select()}
                          placeholder="mm:ss"
                          autoComplete="off"
                          className="px-2 text-center font-semibold tabular-nums"
                        />
                      </>
                    ) : (
                      <>
                        <Stepper label={label(t('workouts.logger.reps'))} value={set.reps} onChange={(v) => onSet(set.key, { reps: v })} step={1} max={WORKOUT_LIMITS.reps} />
                        <Stepper
                          label={label(weightLabel)}
                          value={set.weight}
                          onChange={(v) => onSet(set.key, { weight: v })}
                          step={weightStep}
                          max={unit === 'kg' ? WORKOUT_LIMITS.weightKg : 2200}
                          decimals
                        />
                      </>
                    )}
                    {rpe ? (
                      <select
                        aria-label={t('workouts.logger.setRpe', { n: i + 1 })}
                        value={set.rpe}
                        onChange={(e) => onSet(set.key, { rpe: e.target.value })}
                        className={cn(
                          'h-11 w-full min-w-0 appearance-none rounded-xl border border-zinc-300 bg-white px-0 text-center text-sm font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900',
                          set.rpe === '' ? 'text-zinc-500 dark:text-zinc-400' : 'text-zinc-900 dark:text-white',
                        )}
                      >
                        <option value="">{t('workouts.logger.rpeNone')}</option>
                        {/* An imported or older set's RPE below 6 stays what it was. */}
                        {set.rpe !== '' && !RPE_CHOICES.some((v) => String(v) === set.rpe) ? <option value={set.rpe}>{set.rpe}</option> : null}
                        {RPE_CHOICES.map((v) => (
                          <option key={v} value={String(v)}>
                            {v}
                          </option>
                        ))}
                      </select>
                    ) : null}
                    <button
                      type="button"
                      aria-pressed={set.done}
                      aria-label={t('workouts.logger.markDone', { n: i + 1, name })}
                      onClick={() => onToggle(set, i)}
                      className={cn(
                        'flex size-11 items-center justify-center rounded-full border-2 text-xl transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                        set.done
                          ? 'border-emerald-600 bg-emerald-600 text-white'
                          : 'border-zinc-300 text-zinc-300 hover:border-emerald-500 hover:text-emerald-500 dark:border-zinc-600 dark:text-zinc-600',
                      )}
                    >
                      <CheckIcon />
                    </button>
                  </div>
                  {notes.length > 0 ? (
                    <p className="pt-0.5 pb-0.5 pl-7 text-xs text-zinc-500 tabular-nums dark:text-zinc-400" data-testid="set-note">
                      {notes.join(' · ')}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {invalid ? (
            <p role="alert" className="px-1 pt-2 text-sm text-red-600 dark:text-red-400">
              {t(mode === 'reps' ? 'workouts.logger.needReps' : mode === 'time' ? 'workouts.logger.needTime' : 'workouts.logger.needCardio')}
            </p>
          ) : null}
          <div className="mt-2 flex gap-2">
            <Button variant="ghost" className="h-11 flex-1 text-brand-700 dark:text-brand-300" icon={<PlusIcon />} onClick={onAddSet}>
              {t('workouts.logger.addSet')}
            </Button>
            <Button variant="ghost" className="h-11" onClick={onRemoveSet} disabled={exercise.sets.length <= 1} aria-label={t('workouts.logger.removeSet', { name })}>
              <MinusIcon />
            </Button>
          </div>
        </div>
      </Card>
    </li>
  );
}
