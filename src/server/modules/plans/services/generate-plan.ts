import { checkAccess, usageWindow, type SubscriptionSnapshot } from '#core/billing/entitlements';
import type { Locale } from '#core/common/schemas';
import type { GeneratedFitnessPlan } from '#core/plans/api-schemas';
import type { ProgressListener } from '#core/plans/progress';
import { fitnessPlanSchema, type PlanDetail, type FitnessPlanInput } from '#core/plans/schemas';
import type { PlanGenerator } from '#server/adapters/plan-generator/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { Logger } from '#server/lib/logger';
import { requireAccess } from '#server/lib/require-access';
import * as repo from '../plans.repo';
import { lockedChoices, monthlyPlanLimit, readerDetail, subscriptionOf, usageOf } from './plan-access';
import { toSummary } from './present';

export interface GenerateDeps {
  db: Db;
  generator: PlanGenerator;
  logger: Logger;
}

/** A request that passed every check that needs no reservation: what the generation will be made with. */
export interface GenerationTicket {
  input: FitnessPlanInput;
  sub: SubscriptionSnapshot;
  detail: PlanDetail;
  locale: Locale;
  now: Date;
}

/**
 * The gates of a generation, before anything is spent (DESIGN decisions 1 and 2): the tier's plan types, goals and
 * equipment (403 SUBSCRIPTION_REQUIRED, each locked choice in `details`), then this month's count (403
 * LIMIT_EXCEEDED) on a tier with a monthly limit; a tier without one has nothing to count. The AI rate limit comes
 * after these, so a refused request does not use up the hour's allowance.
 */
export async function checkGeneration(db: Db, user: UserRow, input: FitnessPlanInput, userLocale: Locale, now: Date = new Date()): Promise<GenerationTicket> {
  const sub = subscriptionOf(user);
  const locked = lockedChoices(sub, input, now);
  if (locked.length > 0) throw new AppError('SUBSCRIPTION_REQUIRED', undefined, { details: locked });
  if (monthlyPlanLimit(sub, now) !== null) {
    const used = await repo.countGenerationsSince(db, user.id, usageWindow(now).start);
    requireAccess(checkAccess(sub, { feature: 'plan_generation', plansThisMonth: used }, now));
  }
  const detail = readerDetail(user, now);
  const locale = input.locale ?? userLocale;
  return { input, sub, detail, locale, now };
}

/**
 * Runs the generator and saves the plan with its generation. On a tier with a monthly limit (free) the generation is
 * reserved first: the count is taken again under a lock, so two requests at once cannot both take the last one, and a
 * generator that fails gives it back. A tier without one (basic, pro) has nothing to reserve: the plan and its
 * generation are written together, in one statement, once the plan exists (ADR 036).
 */
export async function runGeneration(
  deps: GenerateDeps,
  user: UserRow,
  ticket: GenerationTicket,
  opts: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<GeneratedFitnessPlan> {
  const { input, sub, detail, locale, now } = ticket;
  const since = usageWindow(now).start;
  const limit = monthlyPlanLimit(sub, now);
  let reserved: { id: string; used: number } | null = null;
  if (limit !== null) {
    const { verdict, generation, used } = await repo.reserveGeneration(deps.db, user.id, since, (n) => checkAccess(sub, { feature: 'plan_generation', plansThisMonth: n }, now));
    requireAccess(verdict);
    if (!generation) throw new Error('An allowed generation was not reserved');
    reserved = { id: generation.id, used };
  }

  const started = performance.now();
  let saved;
  let used;
  let result;
  try {
    result = await deps.generator.generate({ input, seed: randomSeed(), locale, onProgress: opts.onProgress, signal: opts.signal });
    // The built-in engine's plans are checked against the schema by its tests (every kind of input); a plan an LLM
    // wrote was checked by its adapter, and is checked here once more.
    const plan = result.source === 'builtin' ? result.plan : fitnessPlanSchema.parse(result.plan);
    const made = {
      title: plan.title,
      input: { ...input, locale },
      plan,
      source: result.source,
      model: result.model ?? null,
      fallbackReason: result.fallbackReason ?? null,
      durationMs: Math.round(performance.now() - started),
    };
    if (reserved) {
      saved = await repo.insertGeneratedPlan(deps.db, user.id, reserved.id, made);
      used = reserved.used;
    } else {
      ({ row: saved, usedBefore: used } = await repo.insertPlanWithGeneration(deps.db, user.id, since, made));
    }
  } catch (error) {
    if (reserved) await repo.releaseGeneration(deps.db, user.id, reserved.id);
    throw error;
  }
  deps.logger.info('plan generated', {
    source: result.source,
    model: result.model,
    planType: input.planType,
    weeks: input.duration,
    detail,
    ms: Math.round(performance.now() - started),
    ...(result.fallbackReason ? { fallbackReason: result.fallbackReason, fallbackDetail: result.fallbackDetail } : {}),
  });
  // The weeks are read when shown (ADR 032): the answer is what a list shows.
  return { ...toSummary(saved, detail), usage: usageOf(used + 1, limit, now) };
}

/** A fresh seed per generation: asking again gives another plan; the seed is stored with it to rebuild it. */
function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
