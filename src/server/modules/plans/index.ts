export { plansRouter, type PlansDeps } from './plans.handlers';
export { coachedPlan } from './plans.repo';
