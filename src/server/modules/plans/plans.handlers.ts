import type { Context } from 'hono';
import type { Locale } from '#core/common/schemas';
import type { ProgressEvent } from '#core/plans/api-schemas';
import {
  allowanceContract,
  deleteFitnessPlanContract,
  generateFitnessPlanContract,
  getLibraryPlanContract,
  getFitnessPlanContract,
  getFitnessPlanOutlineContract,
  getFitnessPlanWeekContract,
  listExercisesContract,
  listLibraryContract,
  listFitnessPlansContract,
  renameFitnessPlanContract,
  saveLibraryPlanContract,
} from '#core/plans/fitness-plans.contract';
import { progressLabel, type GenerationProgress } from '#core/plans/progress';
import type { PlanGenerator } from '#server/adapters/plan-generator/port';
import type { Db } from '#server/db/client';
import type { SignedInEnv } from '#server/lib/context';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';
import { sendSerialised } from '#server/lib/kept-answers';
import { createRouter, type Guards } from '#server/lib/router';
import { streamJob, wantsEvents } from '#server/lib/stream-job';
import { deletePlan } from './services/delete-plan';
import { checkGeneration, runGeneration, type GenerationTicket } from './services/generate-plan';
import { getPlan, getPlanOutline, getPlanWeek } from './services/get-plan';
import { listPlans } from './services/list-plans';
import { planAllowance, type HourlyAiLeft } from './services/plan-access';
import { getLibraryPlan, listLibrary, saveLibraryPlan } from './services/plan-library';
import { renamePlan } from './services/rename-plan';
import { listExercises } from './services/search-exercises';
import { listAlternatives, swapExercise } from './services/coach';
import { alternativesContract, deleteSwapContract, putSwapContract } from '#core/coach/coach.contract';

export interface PlansDeps {
  db: Db;
  generator: PlanGenerator;
  logger: Logger;
  reporter: ErrorReporter;
  /** What is left of the AI generation limit (spec section 9: free 3/h, paid 20/h) for the caller, counting nothing. */
  aiLeft: (c: Context<SignedInEnv>) => Promise<HourlyAiLeft>;
}

export function plansRouter(guards: Guards, deps: PlansDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  /** The language asked for, else the user's own, else English. */
  const localeOf = (c: Context<SignedInEnv>, asked: Locale | undefined): Locale => asked ?? c.get('locale');

  // Before /{id}: the static path must win.
  app.handle(allowanceContract, async (c) => c.json(await planAllowance(db, c.get('user'), await deps.aiLeft(c)), 200));

  app.handle(generateFitnessPlanContract, async (c) => {
    const user = c.get('user');
    const ticket = await checkGeneration(db, user, c.req.valid('json'), c.get('locale'));
    // The AI limit is taken only by a request that passed the tier gates (the contract's limitAt: 'handler').
    await c.var.countLimit();
    if (!wantsEvents(c)) {
      return c.json(await runGeneration(deps, user, ticket, { signal: c.req.raw.signal }), 201);
    }
    return streamGeneration(c, deps, ticket);
  });

  app.handle(listFitnessPlansContract, async (c) => c.json(await listPlans(db, c.get('user'), c.req.valid('query')), 200));
  app.handle(getFitnessPlanContract, async (c) => c.json(await getPlan(db, c.get('user'), c.req.valid('param').id, c.req.valid('query').locale), 200));
  app.handle(getFitnessPlanOutlineContract, async (c) => c.json(await getPlanOutline(db, c.get('user'), c.req.valid('param').id, c.req.valid('query').locale), 200));
  app.handle(getFitnessPlanWeekContract, async (c) => {
    const { id, week } = c.req.valid('param');
    return c.json(await getPlanWeek(db, c.get('user'), id, week, c.req.valid('query').locale), 200);
  });
  app.handle(renameFitnessPlanContract, async (c) => c.json(await renamePlan(db, c.get('user'), c.req.valid('param').id, c.req.valid('json').planName), 200));
  app.handle(deleteFitnessPlanContract, async (c) => {
    await deletePlan(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.handle(listLibraryContract, async (c) => {
    const query = c.req.valid('query');
    return c.json(listLibrary(query, localeOf(c, query.locale)), 200);
  });
  app.handle(getLibraryPlanContract, async (c) => c.json(getLibraryPlan(c.req.valid('param').id, localeOf(c, c.req.valid('query').locale)), 200));
  app.handle(saveLibraryPlanContract, async (c) => {
    const body = (c.req.valid('json') as { locale?: Locale } | undefined) ?? {};
    const saved = await saveLibraryPlan(db, c.get('user').id, c.req.valid('param').id, localeOf(c, body.locale));
    return c.json(saved, 201);
  });

  app.handle(alternativesContract, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listAlternatives(db, c.get('user').id, c.req.valid('param').id, query.equipment, localeOf(c, query.locale)), 200);
  });
  app.handle(putSwapContract, async (c) => {
    const { id, exerciseId } = c.req.valid('param');
    return c.json(await swapExercise(db, c.get('user').id, id, exerciseId, c.req.valid('json').replacementId), 200);
  });
  app.handle(deleteSwapContract, async (c) => {
    const { id, exerciseId } = c.req.valid('param');
    return c.json(await swapExercise(db, c.get('user').id, id, exerciseId, null), 200);
  });

  app.handle(listExercisesContract, async (c) => {
    const query = c.req.valid('query');
    return sendSerialised(c, listExercises({ query, locale: localeOf(c, query.locale) }));
  });

  return app;
}

/** The generation as Server-Sent Events: each stage as `progress` (with its label), then `plan` or `error`. */
function streamGeneration<E extends SignedInEnv>(c: Context<E>, deps: PlansDeps, ticket: GenerationTicket) {
  return streamJob(c, deps.reporter, 'plan', (progress) =>
    runGeneration(deps, c.get('user'), ticket, {
      onProgress: (p: GenerationProgress) => progress({ ...p, label: progressLabel(p, ticket.locale) } satisfies ProgressEvent),
      signal: c.req.raw.signal,
    }),
  );
}
