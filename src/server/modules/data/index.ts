/**
 * Your data is yours: imports from Strong, Hevy, MyFitnessPal and FitForge's own export, and exports as JSON and
 * CSV (ADR 029). What the app (app.ts) uses of it: the router, and which path sets its own body limit.
 */
export { dataRouter, isImportUpload } from './data.handlers';
