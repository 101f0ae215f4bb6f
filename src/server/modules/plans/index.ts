export { plansRouter, type PlansDeps } from './plans.handlers';
