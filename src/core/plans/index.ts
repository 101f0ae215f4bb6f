/**
 * Plan generation, shared by server and web: input and plan schemas, the built-in engine, the rules an LLM's plan
 * must also pass, the curated library and the progress stages shown while a plan is made.
 */
export * from './schemas';
export { generatePlan, type EngineOptions } from './engine';
export { checkPlan, type PlanIssue, type PlanIssueCode } from './check';
export { planAtDetail } from './detail';
export { VOLUME_BOUNDS, dayMinutes, weeklySetsPerMuscle, type VolumeBounds } from './volume';
export { PLAN_LIBRARY, filterLibrary, libraryEntry, libraryListItem, libraryPlan, type LibraryEntry, type LibraryFilter, type LibraryListItem } from './library';
export { GENERATION_STAGES, progressLabel, type GenerationProgress, type GenerationStage, type ProgressListener } from './progress';
export { EQUIPMENT_LABELS, GOAL_LABELS, LEVEL_LABELS, PLAN_TYPE_LABELS, SPLIT_LABELS, type Localized } from './text';
