import type { Locale } from '#core/common/schemas';

/** The steps a user sees while a plan is being made (streamed by the server while an LLM works). */
export const GENERATION_STAGES = ['analysing_input', 'choosing_exercises', 'building_week', 'checking', 'falling_back', 'done'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

export interface GenerationProgress {
  stage: GenerationStage;
  /** The week being built, for 'building_week'. */
  week?: number;
  totalWeeks: number;
}

export type ProgressListener = (progress: GenerationProgress) => void;

const LABELS: Record<GenerationStage, { en: string; zh: string }> = {
  analysing_input: { en: 'Analysing your input', zh: '正在分析你的信息' },
  choosing_exercises: { en: 'Choosing exercises', zh: '正在挑选动作' },
  building_week: { en: 'Building week {week} of {total}', zh: '正在安排第 {week} / {total} 周' },
  checking: { en: 'Checking the plan', zh: '正在检查计划' },
  falling_back: { en: 'Switching to the built-in planner', zh: '正在切换到内置计划引擎' },
  done: { en: 'Done', zh: '完成' },
};

export function progressLabel(progress: GenerationProgress, locale: Locale): string {
  return LABELS[progress.stage][locale].replace('{week}', String(progress.week ?? 1)).replace('{total}', String(progress.totalWeeks));
}
