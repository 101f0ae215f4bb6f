import type { Context, MiddlewareHandler } from 'hono';
import type { Locale } from '../../../core/common/schemas';
import type { ProgressEvent } from '../../../core/plans/api-schemas';
import { progressLabel, type GenerationProgress } from '../../../core/plans/progress';
import type { PlanGenerator } from '../../adapters/plan-generator/port';
import type { Db } from '../../db/client';
import type { SignedInEnv } from '../../lib/context';
import { streamJob, wantsEvents } from '../../lib/stream-job';
import type { ErrorReporter } from '../../lib/error-reporter';
import type { Logger } from '../../lib/logger';
import { legacyRouter } from '../../lib/router';
import {
  allowanceRoute,
  deletePlanRoute,
  generatePlanRoute,
  getLibraryPlanRoute,
  getPlanRoute,
  listExercisesRoute,
  listLibraryRoute,
  listPlansRoute,
  renamePlanRoute,
  saveLibraryPlanRoute,
} from './plans.routes';
import { deletePlan } from './services/delete-plan';
import { checkGeneration, runGeneration, type GenerationTicket } from './services/generate-plan';
import { getPlan } from './services/get-plan';
import { listPlans } from './services/list-plans';
import { planAllowance, type HourlyAiLeft } from './services/plan-access';
import { getLibraryPlan, listLibrary, saveLibraryPlan } from './services/plan-library';
import { renamePlan } from './services/rename-plan';
import { listExercises } from './services/search-exercises';

export interface PlansDeps {
  db: Db;
  generator: PlanGenerator;
  logger: Logger;
  reporter: ErrorReporter;
  /** The AI generation rate limit (spec section 9: free 3/h, paid 20/h). */
  aiLimiter: MiddlewareHandler<SignedInEnv>;
  /** What is left of that limit for the caller, counting nothing. */
  aiLeft: (c: Context<SignedInEnv>) => Promise<HourlyAiLeft>;
}

/**
 * Runs a middleware at this point of a handler. The AI limit is taken only by a request that passed validation and
 * the tier gates: a locked choice or a used-up month should not also cost an hour's generation. Its headers reach
 * the response through the context, as from any middleware.
 */
const passThrough = (middleware: MiddlewareHandler<SignedInEnv>, c: Context<SignedInEnv>) => middleware(c, async () => {});

export function plansRouter(deps: PlansDeps) {
  const { db } = deps;
  const app = legacyRouter();

  /** The language asked for, else the user's own, else English. */
  const localeOf = (c: Context<SignedInEnv>, asked: Locale | undefined): Locale => asked ?? c.get('locale');

  // Before /{id}: the static path must win.
  app.openapi(allowanceRoute, async (c) => c.json(await planAllowance(db, c.get('user'), await deps.aiLeft(c)), 200));

  app.openapi(generatePlanRoute, async (c) => {
    const user = c.get('user');
    const ticket = await checkGeneration(db, user, c.req.valid('json'), c.get('locale'));
    await passThrough(deps.aiLimiter, c);
    if (!wantsEvents(c)) {
      return c.json(await runGeneration(deps, user, ticket, { signal: c.req.raw.signal }), 201);
    }
    return streamGeneration(c, deps, ticket);
  });

  app.openapi(listPlansRoute, async (c) => c.json(await listPlans(db, c.get('user'), c.req.valid('query')), 200));
  app.openapi(getPlanRoute, async (c) => c.json(await getPlan(db, c.get('user'), c.req.valid('param').id, c.req.valid('query').locale), 200));
  app.openapi(renamePlanRoute, async (c) => c.json(await renamePlan(db, c.get('user'), c.req.valid('param').id, c.req.valid('json').planName), 200));
  app.openapi(deletePlanRoute, async (c) => {
    await deletePlan(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.openapi(listLibraryRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(listLibrary(query, localeOf(c, query.locale)), 200);
  });
  app.openapi(getLibraryPlanRoute, async (c) => c.json(getLibraryPlan(c.req.valid('param').id, localeOf(c, c.req.valid('query').locale)), 200));
  app.openapi(saveLibraryPlanRoute, async (c) => {
    const body = (c.req.valid('json') as { locale?: Locale } | undefined) ?? {};
    const saved = await saveLibraryPlan(db, c.get('user').id, c.req.valid('param').id, localeOf(c, body.locale));
    return c.json(saved, 201);
  });

  app.openapi(listExercisesRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(listExercises(query, localeOf(c, query.locale)), 200);
  });

  return app;
}

/** The generation as Server-Sent Events: each stage as `progress` (with its label), then `plan` or `error`. */
function streamGeneration(c: Context<SignedInEnv>, deps: PlansDeps, ticket: GenerationTicket) {
  return streamJob(c, deps.reporter, 'plan', (progress) =>
    runGeneration(deps, c.get('user'), ticket, {
      onProgress: (p: GenerationProgress) => progress({ ...p, label: progressLabel(p, ticket.locale) } satisfies ProgressEvent),
      signal: c.req.raw.signal,
    }),
  );
}
