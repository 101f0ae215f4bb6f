import { deleteNutritionPlanContract, generateNutritionPlanContract, getNutritionPlanContract, listNutritionPlansContract } from '#core/nutrition/plans/nutrition-plans.contract';
import type { NutritionPlanner } from '#server/adapters/nutrition-planner/port';
import type { Db } from '#server/db/client';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';
import { createRouter, type Guards } from '#server/lib/router';
import { streamJob, wantsEvents } from '#server/lib/stream-job';
import { checkNutritionPlanAccess, generateNutritionPlan } from './services/generate-nutrition-plan';
import { deleteNutritionPlan, getNutritionPlan, listNutritionPlans } from './services/manage-nutrition-plans';

export interface NutritionPlansDeps {
  db: Db;
  planner: NutritionPlanner;
  logger: Logger;
  reporter: ErrorReporter;
}

export function nutritionPlansRouter(guards: Guards, deps: NutritionPlansDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  app.handle(generateNutritionPlanContract, async (c) => {
    const user = c.get('user');
    const input = c.req.valid('json');
    checkNutritionPlanAccess(user);
    // The AI limit (spec section 9: paid 20/h) is taken only by a request that passed validation and the tier gate.
    await c.var.countLimit();
    if (!wantsEvents(c)) return c.json(await generateNutritionPlan(deps, user, input, { signal: c.req.raw.signal }), 201);
    return streamJob(c, deps.reporter, 'plan', (progress) => generateNutritionPlan(deps, user, input, { onProgress: progress, signal: c.req.raw.signal }));
  });

  app.handle(listNutritionPlansContract, async (c) => c.json(await listNutritionPlans(db, c.get('user').id, c.req.valid('query')), 200));
  app.handle(getNutritionPlanContract, async (c) => c.json(await getNutritionPlan(db, c.get('user').id, c.req.valid('param').id, c.req.valid('query').locale), 200));
  app.handle(deleteNutritionPlanContract, async (c) => {
    await deleteNutritionPlan(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });
  return app;
}
