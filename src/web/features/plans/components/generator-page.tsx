import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GeneratedFitnessPlan, PlanAllowance, ProgressEvent } from '#core/plans/api-schemas';
import { exclusiveNone } from '#core/profile/schemas';
import { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS, PLAN_DURATIONS, FITNESS_PLAN_TYPES, fitnessPlanInputSchema, type FitnessPlanInput } from '#core/plans/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { Field } from '#web/components/ui/field';
import { ArrowLeftIcon, ArrowRightIcon, BookIcon, SparklesIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { isApiError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useStagedStream } from '#web/lib/use-staged-stream';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useMe, type Me } from '#web/app/me';
import { generatePlanStreamed } from '../api/generate-stream';
import { refreshPlans, useAllowance } from '../api/plans';
import { OptionCard } from './option-card';
import { BackLink, type GeneratedState } from './plan-page';
import { AllowanceNote } from './plans-page';
import { GenerationProgress } from './generation-progress';

const STEPS = ['type', 'goals', 'level', 'equipment', 'duration', 'review'] as const;
type Step = (typeof STEPS)[number];

/** The answers so far: a choice not made yet is undefined. */
type Draft = Partial<FitnessPlanInput> & Pick<FitnessPlanInput, 'goals' | 'equipment'>;

/** The profile's goals, level and equipment, as far as the tier allows them: a head start, never a locked choice. */
function initialDraft(me: Me | undefined, allowance: PlanAllowance): Draft {
  const goals = (me?.fitnessGoals.goals ?? []).filter((g) => allowance.goals.includes(g)).slice(0, 3);
  const equipment = (me?.fitnessGoals.equipment ?? []).filter((e) => allowance.equipment.includes(e));
  return { goals, fitnessLevel: me?.fitnessGoals.fitnessLevel, equipment };
}

function stepDone(step: Step, d: Draft): boolean {
  switch (step) {
    case 'type':
      return d.planType !== undefined;
    case 'goals':
      return d.goals.length >= 1 && d.goals.length <= 3;
    case 'level':
      return d.fitnessLevel !== undefined;
    case 'equipment':
      return d.equipment.length >= 1;
    case 'duration':
      return d.duration !== undefined;
    case 'review':
      return true;
  }
}

export function GeneratorPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const me = useMe();
  const allowance = useAllowance();
  useDocumentTitle(t('plans.wizard.title'));

  let body: ReactNode;
  if (allowance.isPending || me.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-7 w-2/3" />
        <div className="grid gap-3 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      </div>
    );
  } else if (allowance.isError) {
    body = <ErrorState error={allowance.error} onRetry={() => void allowance.refetch()} retrying={allowance.isFetching} />;
  } else if (!allowance.data.canGenerate) {
    body = (
      <div className="space-y-4">
        <AllowanceNote allowance={allowance.data} />
        {allowance.data.available?.limitedBy === 'hour' ? (
          <Alert tone="info" title={t('plans.wizard.hourLimitTitle')}>
            {t('plans.wizard.hourLimitBody')}
          </Alert>
        ) : (
          <Alert tone="info" title={t('plans.wizard.limitTitle')}>
            {t('plans.wizard.limitBody')}
          </Alert>
        )}
        <ButtonLink to={to('app/plans/library')} variant="outline" icon={<BookIcon />}>
          {t('plans.mine.browseLibrary')}
        </ButtonLink>
      </div>
    );
  } else {
    body = <Wizard allowance={allowance.data} me={me.data} />;
  }

  return (
    <div className="container-page max-w-3xl space-y-5 py-6 sm:py-10">
      <BackLink to={to('app/plans')}>{t('plans.mine.back')}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('plans.wizard.title')}</h1>
      {body}
    </div>
  );
}

function Wizard({ allowance, me }: { allowance: PlanAllowance; me: Me | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  // The name's message is announced where it appears (role="alert"); the focus stays where the user submitted.
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<FitnessPlanInput>({
    resolver: zodResolver(fitnessPlanInputSchema),
    defaultValues: initialDraft(me, allowance),
    shouldFocusError: false,
  });
  const draft: Draft = watch();
  const [stepIndex, setStepIndex] = useState(0);
  const [phase, setPhase] = useState<'wizard' | 'generating' | 'failed'>('wizard');
  const [failure, setFailure] = useState<unknown>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lockedNoteId = useId();
  const moved = useRef(false);
  const step = STEPS[stepIndex];

  // The new step's title takes the focus, so a screen reader announces where the user is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step and phase are the trigger: the new title takes the focus.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [stepIndex, phase]);

  // Plays the received stages one by one, then opens the plan.
  // The answer names the plan; its page reads the weeks.
  const { shown, run } = useStagedStream<ProgressEvent, GeneratedFitnessPlan>(phase === 'generating', (plan) => {
    void refreshPlans(queryClient);
    navigate(to(`app/plans/${plan.id}`), { state: { generated: { usage: plan.usage } } satisfies GeneratedState });
  });

  const go = (index: number) => {
    moved.current = true;
    setStepIndex(index);
  };

  const generate = handleSubmit(async (input) => {
    moved.current = true;
    setFailure(null);
    setPhase('generating');
    try {
      await run((opts) => generatePlanStreamed({ ...input, locale }, opts));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (applyServerFieldErrors(error, setError, ['planName'])) {
        setPhase('wizard');
        return;
      }
      setFailure(error);
      setPhase('failed');
      void refreshPlans(queryClient);
    }
  });

  if (phase === 'generating') {
    return (
      <Card className="p-5 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold focus:outline-none">
          {t('plans.progress.title')}
        </h2>
        <GenerationProgress events={shown} totalWeeks={draft.duration ?? 4} />
      </Card>
    );
  }

  if (phase === 'failed') {
    const code = isApiError(failure) ? failure.code : '';
    return (
      <Card className="space-y-4 p-5 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {t('plans.progress.failed')}
        </h2>
        <Alert tone="error">{errorText(failure)}</Alert>
        {code === 'LIMIT_EXCEEDED' ? <UpgradePrompt feature="plan_generation" /> : null}
        {code === 'SUBSCRIPTION_REQUIRED' ? <UpgradePrompt feature="plan_type" /> : null}
        {/* The hour's limit, not the month's: it says so, and when it frees up is in the message above. */}
        {code === 'RATE_LIMIT_EXCEEDED' ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('plans.wizard.hourLimitBody')}</p> : null}
        <div className="flex flex-wrap gap-2">
          {code !== 'LIMIT_EXCEEDED' ? (
            <Button onClick={() => void generate()} icon={<SparklesIcon />}>
              {t('common.retry')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setPhase('wizard')}>
            {t('plans.progress.change')}
          </Button>
        </div>
      </Card>
    );
  }

  const locked = <T extends string>(value: T, allowed: readonly string[]) => !allowed.includes(value);
  const stepTitle = t(`plans.wizard.steps.${step}.title`);
  let content: ReactNode;
  let lockedFeature: 'plan_type' | 'plan_goals' | 'plan_equipment' | null = null;

  switch (step) {
    case 'type':
      lockedFeature = FITNESS_PLAN_TYPES.some((p) => locked(p, allowance.planTypes)) ? 'plan_type' : null;
      content = FITNESS_PLAN_TYPES.map((p) => (
        <OptionCard
          key={p}
          type="radio"
          name="planType"
          value={p}
          checked={draft.planType === p}
          onChange={() => setValue('planType', p)}
          title={t(`plans.type.${p}`)}
          hint={t(`plans.typeHint.${p}`)}
          locked={locked(p, allowance.planTypes)}
          lockedNoteId={lockedNoteId}
        />
      ));
      break;
    case 'goals':
      lockedFeature = FITNESS_GOALS.some((g) => locked(g, allowance.goals)) ? 'plan_goals' : null;
      content = FITNESS_GOALS.map((g) => {
        const checked = draft.goals.includes(g);
        return (
          <OptionCard
            key={g}
            type="checkbox"
            name="goals"
            value={g}
            checked={checked}
            onChange={() => setValue('goals', checked ? draft.goals.filter((x) => x !== g) : [...draft.goals, g])}
            title={t(`enums.goal.${g}`)}
            locked={locked(g, allowance.goals)}
            disabled={!checked && draft.goals.length >= 3}
            lockedNoteId={lockedNoteId}
          />
        );
      });
      break;
    case 'level':
      content = FITNESS_LEVELS.map((l) => (
        <OptionCard
          key={l}
          type="radio"
          name="fitnessLevel"
          value={l}
          checked={draft.fitnessLevel === l}
          onChange={() => setValue('fitnessLevel', l)}
          title={t(`enums.level.${l}`)}
          hint={t(`plans.levelHint.${l}`)}
        />
      ));
      break;
    case 'equipment':
      lockedFeature = EQUIPMENT.some((e) => locked(e, allowance.equipment)) ? 'plan_equipment' : null;
      content = EQUIPMENT.map((e) => {
        const checked = draft.equipment.includes(e);
        return (
          <OptionCard
            key={e}
            type="checkbox"
            name="equipment"
            value={e}
            checked={checked}
            onChange={() => setValue('equipment', exclusiveNone(draft.equipment, checked ? draft.equipment.filter((x) => x !== e) : [...draft.equipment, e]))}
            title={t(`enums.equipment.${e}`)}
            hint={t(`plans.equipmentHint.${e}`)}
            locked={locked(e, allowance.equipment)}
            lockedNoteId={lockedNoteId}
          />
        );
      });
      break;
    case 'duration':
      content = PLAN_DURATIONS.map((w) => (
        <OptionCard
          key={w}
          type="radio"
          name="duration"
          value={String(w)}
          checked={draft.duration === w}
          onChange={() => setValue('duration', w)}
          title={t('plans.weeks', { count: w })}
          hint={t(`plans.durationHint.${w}`)}
        />
      ));
      break;
    case 'review':
      content = null;
  }

  const canContinue = stepDone(step, draft);
  const hint = step === 'goals' ? t('plans.wizard.goalsHint', { count: draft.goals.length }) : step === 'equipment' ? t('plans.wizard.equipmentHint') : null;

  return (
    <Card className="overflow-hidden">
      <div className="h-1.5 bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
        <div className="h-full bg-brand-600 transition-[width] duration-300" style={{ width: `${((stepIndex + 1) / STEPS.length) * 100}%` }} />
      </div>
      <form
        className="space-y-5 p-5 sm:p-6"
        noValidate
        onSubmit={(e) => {
          if (step === 'review') {
            void generate(e);
            return;
          }
          e.preventDefault();
          if (canContinue) go(stepIndex + 1);
        }}
      >
        <div className="space-y-1">
          <p className="text-sm font-medium text-brand-700 dark:text-brand-300">{t('plans.wizard.stepOf', { n: stepIndex + 1, total: STEPS.length })}</p>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {stepTitle}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`plans.wizard.steps.${step}.body`)}</p>
        </div>

        {step === 'review' ? (
          <Review draft={draft} allowance={allowance} onEdit={(s) => go(STEPS.indexOf(s))}>
            <Field label={t('plans.wizard.nameLabel')} optional hint={t('plans.wizard.nameHint')} error={formState.errors.planName?.message}>
              <Input maxLength={120} autoComplete="off" {...register('planName', { setValueAs: (v: string) => (v?.trim() ? v : undefined) })} />
            </Field>
          </Review>
        ) : (
          <fieldset className="space-y-3">
            <legend className="sr-only">{stepTitle}</legend>
            <div className={cn('grid gap-2.5', step === 'duration' || step === 'level' ? 'grid-cols-1' : 'sm:grid-cols-2')}>{content}</div>
            {hint ? (
              <p className={cn('text-sm', step === 'goals' && draft.goals.length === 0 ? 'text-zinc-500' : 'text-zinc-600 dark:text-zinc-400')} aria-live="polite">
                {hint}
              </p>
            ) : null}
          </fieldset>
        )}

        {lockedFeature ? (
          <div id={lockedNoteId} className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-900">
            <p className="mb-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`plans.wizard.lockedNote.${lockedFeature}`)}</p>
            <UpgradePrompt feature={lockedFeature} compact />
          </div>
        ) : null}

        <div className="flex items-center justify-between gap-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
          <Button variant="ghost" icon={<ArrowLeftIcon />} onClick={() => go(stepIndex - 1)} disabled={stepIndex === 0}>
            {t('plans.wizard.back')}
          </Button>
          {step === 'review' ? (
            <Button type="submit" icon={<SparklesIcon />}>
              {t('plans.wizard.generate')}
            </Button>
          ) : (
            <Button type="submit" disabled={!canContinue}>
              {t('plans.wizard.next')}
              <ArrowRightIcon />
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function Review({ draft, allowance, onEdit, children }: { draft: Draft; allowance: PlanAllowance; onEdit: (step: Step) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const sep = t('plans.listSeparator');
  const rows: [Step, string][] = [
    ['type', draft.planType ? t(`plans.type.${draft.planType}`) : ''],
    ['goals', draft.goals.map((g) => t(`enums.goal.${g}`)).join(sep)],
    ['level', draft.fitnessLevel ? t(`enums.level.${draft.fitnessLevel}`) : ''],
    ['equipment', draft.equipment.map((e) => t(`enums.equipment.${e}`)).join(sep)],
    ['duration', draft.duration ? t('plans.weeks', { count: draft.duration }) : ''],
  ];
  return (
    <div className="space-y-5">
      <dl className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {rows.map(([step, value]) => (
          <div key={step} className="px-4 py-3">
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`plans.wizard.steps.${step}.short`)}</dt>
            <dd className="flex items-center gap-3">
              <span className="min-w-0 flex-1 font-medium text-zinc-900 dark:text-white">{value}</span>
              <Button variant="ghost" size="sm" className="-my-1.5" onClick={() => onEdit(step)} aria-label={t('plans.wizard.editStep', { step: t(`plans.wizard.steps.${step}.short`) })}>
                {t('plans.wizard.edit')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      {children}
      <AllowanceNote allowance={allowance} />
      {allowance.detail === 'week1' ? (
        <div className="space-y-1 rounded-xl bg-zinc-50 p-3 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <p>{t('plans.wizard.week1Note')}</p>
          <UpgradePrompt feature="full_schedule" compact />
        </div>
      ) : null}
    </div>
  );
}
