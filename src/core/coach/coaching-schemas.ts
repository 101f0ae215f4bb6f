import { z } from 'zod';

/** A message as it travels (ADR 022): English, its key and params. */
export const messageSchema = z.object({ message: z.string(), messageKey: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

export const adaptationKindSchema = z.enum(['lighter', 'fewer_sets']);

export const planSwapSchema = z.object({ exerciseId: z.string(), replacementId: z.string() });
export const planAdaptationSchema = z.object({
  weekNumber: z.number().int(),
  /** The exercise as the reader sees it (the swapped-in one when swapped). */
  exerciseId: z.string(),
  kind: adaptationKindSchema,
  note: messageSchema,
});
