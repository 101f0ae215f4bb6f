import type { MiddlewareHandler } from 'hono';
import type { NutritionPlanner } from '../../../adapters/nutrition-planner/port';
import type { Db } from '../../../db/client';
import type { SignedInEnv } from '../../../lib/context';
import type { ErrorReporter } from '../../../lib/error-reporter';
import type { Logger } from '../../../lib/logger';
import { legacyRouter } from '../../../lib/router';
import { streamJob, wantsEvents } from '../../../lib/stream-job';
import { deleteNutritionPlanRoute, generateNutritionPlanRoute, getNutritionPlanRoute, listNutritionPlansRoute } from './nutrition-plans.routes';
import { checkNutritionPlanAccess, generateNutritionPlan } from './services/generate-nutrition-plan';
import { deleteNutritionPlan, getNutritionPlan, listNutritionPlans } from './services/manage-nutrition-plans';

export interface NutritionPlansDeps {
  db: Db;
  planner: NutritionPlanner;
  logger: Logger;
  reporter: ErrorReporter;
  /** The AI generation rate limit (spec section 9: paid 20/h); taken only by a request that may generate. */
  aiLimiter: MiddlewareHandler<SignedInEnv>;
}

export function nutritionPlansRouter(deps: NutritionPlansDeps) {
  const { db } = deps;
  const app = legacyRouter();

  app.openapi(generateNutritionPlanRoute, async (c) => {
    const user = c.get('user');
    const input = c.req.valid('json');
    checkNutritionPlanAccess(user);
    // The AI limit is taken only by a request that passed validation and the tier gate.
    await deps.aiLimiter(c, async () => {});
    if (!wantsEvents(c)) return c.json(await generateNutritionPlan(deps, user, input, { signal: c.req.raw.signal }), 201);
    return streamJob(c, deps.reporter, 'plan', (progress) => generateNutritionPlan(deps, user, input, { onProgress: progress, signal: c.req.raw.signal }));
  });

  app.openapi(listNutritionPlansRoute, async (c) => c.json(await listNutritionPlans(db, c.get('user').id, c.req.valid('query')), 200));
  app.openapi(getNutritionPlanRoute, async (c) => c.json(await getNutritionPlan(db, c.get('user').id, c.req.valid('param').id, c.req.valid('query').locale), 200));
  app.openapi(deleteNutritionPlanRoute, async (c) => {
    await deleteNutritionPlan(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });
  return app;
}
