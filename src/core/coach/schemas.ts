import { z } from 'zod';
import { idSchema, localeSchema } from '#core/common/schemas';
import { EQUIPMENT } from '#core/profile/schemas';
import { exerciseItemSchema, queryList } from '#core/plans/api-schemas';
import { PLAN_INPUT_MESSAGES } from '#core/plans/messages';
import { planSwapSchema } from './coaching-schemas';
import { COACH_MESSAGES } from './messages';

export * from './coaching-schemas';

const EXERCISE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const WORKOUT_EXERCISE_ID = 'Unknown exercise';

/** A library exercise id in a path or a body. */
export const libraryIdSchema = z.string({ message: WORKOUT_EXERCISE_ID }).regex(EXERCISE_ID, WORKOUT_EXERCISE_ID).max(100, WORKOUT_EXERCISE_ID);

export const alternativesQuerySchema = z.object({
  /** What to train with; the equipment saved in the profile when left out. */
  equipment: queryList(EQUIPMENT, PLAN_INPUT_MESSAGES.equipmentItem).optional(),
  locale: localeSchema.optional(),
});

export const alternativesSchema = z.object({
  exerciseId: z.string(),
  equipment: z.array(z.enum(EQUIPMENT)),
  items: z.array(exerciseItemSchema),
});
export type Alternatives = z.infer<typeof alternativesSchema>;

export const swapInputSchema = z.strictObject({ replacementId: libraryIdSchema });
export const swapParamsSchema = z.object({ id: idSchema, exerciseId: libraryIdSchema });

export const planSwapsSchema = z.object({ planId: z.uuid(), swaps: z.array(planSwapSchema) });
export type PlanSwaps = z.infer<typeof planSwapsSchema>;

/** Query of the progress route: the plan day being logged, when the logger knows it. */
export const progressQuerySchema = z
  .object({
    planId: idSchema.optional(),
    week: z.coerce.number({ message: COACH_MESSAGES.planDay }).int(COACH_MESSAGES.planDay).min(1, COACH_MESSAGES.planDay).max(52, COACH_MESSAGES.planDay).optional(),
    day: z.coerce.number({ message: COACH_MESSAGES.planDay }).int(COACH_MESSAGES.planDay).min(1, COACH_MESSAGES.planDay).max(7, COACH_MESSAGES.planDay).optional(),
  })
  .refine((q) => (q.week === undefined) === (q.day === undefined) && (q.week === undefined || q.planId !== undefined), { message: COACH_MESSAGES.planDay, path: ['week'] });
export type ProgressQuery = z.infer<typeof progressQuerySchema>;
