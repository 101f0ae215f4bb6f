import { z } from 'zod';
import { checkDateOrder, dateRangeShape, isIsoDate } from '#core/common/date-range';
import { idSchema } from '#core/common/schemas';
import { multilineTextSchema } from '#core/common/text';
import { BODY_MESSAGES } from './messages';

/**
 * Body tracking: one entry per calendar day of the user's (their time zone), with a weight, body fat and
 * circumferences in metric units (the web app converts to pounds and inches), a note and, on pro, progress photos.
 */

/** What an entry measures, in the order forms and exports list them. */
export const BODY_MEASURES = ['weightKg', 'bodyFatPercent', 'waistCm', 'hipsCm', 'chestCm', 'armCm', 'thighCm'] as const;
export type BodyMeasure = (typeof BODY_MEASURES)[number];
/** The circumferences, in centimetres. */
export const BODY_LENGTHS = ['waistCm', 'hipsCm', 'chestCm', 'armCm', 'thighCm'] as const satisfies readonly BodyMeasure[];

/**
 * What a person can measure, with room for the extremes: weight as the profile takes it (the latest weigh-in becomes
 * the profile's weight), body fat as the scales and callipers report it, circumferences of adults.
 */
export const BODY_LIMITS: Record<BodyMeasure, { min: number; max: number }> = {
  weightKg: { min: 30, max: 300 },
  bodyFatPercent: { min: 2, max: 75 },
  waistCm: { min: 30, max: 250 },
  hipsCm: { min: 30, max: 250 },
  chestCm: { min: 30, max: 250 },
  armCm: { min: 10, max: 100 },
  thighCm: { min: 20, max: 150 },
};
export const BODY_NOTE_MAX = 500;
/** Progress photos a day may hold. */
export const BODY_PHOTOS_PER_DAY = 3;
/** Older than this is a typo in the year. */
export const EARLIEST_BODY_DATE = '2000-01-01';

const M = BODY_MESSAGES;

/** Stored to the hundredth: a weight typed in pounds keeps its value when shown in pounds again. */
const roundHundredth = (value: number) => Math.round(value * 100) / 100;

const measure = (key: BodyMeasure) => z.number({ message: M[key] }).min(BODY_LIMITS[key].min, M[key]).max(BODY_LIMITS[key].max, M[key]).transform(roundHundredth).nullable().optional();

/** A calendar day, 'YYYY-MM-DD', from 2000 on (the user's today is checked by the server, which knows their zone). */
export const bodyDateSchema = z
  .string({ message: M.date })
  .refine(isIsoDate, { message: M.date, abort: true })
  .refine((d) => d >= EARLIEST_BODY_DATE, M.dateTooOld);

/**
 * PUT /api/body/entries/{date}: the day's entry, created or changed. As the profile's PUTs: what is sent changes
 * (null clears a value), what is left out keeps its value. The entry must keep at least one measurement or a note
 * (or a photo); DELETE removes a day.
 */
export const bodyEntryInputSchema = z.strictObject({
  weightKg: measure('weightKg'),
  bodyFatPercent: measure('bodyFatPercent'),
  waistCm: measure('waistCm'),
  hipsCm: measure('hipsCm'),
  chestCm: measure('chestCm'),
  armCm: measure('armCm'),
  thighCm: measure('thighCm'),
  // A note of only spaces is no note.
  note: multilineTextSchema(M.note)
    .max(BODY_NOTE_MAX, M.note)
    .transform((note) => note || null)
    .nullable()
    .optional(),
});
export type BodyEntryInput = z.input<typeof bodyEntryInputSchema>;
export type ParsedBodyEntryInput = z.output<typeof bodyEntryInputSchema>;

/** GET /api/body/entries: days of the user's, both included; from the first entry and up to today by default. */
export const bodyEntriesQuerySchema = z.object(dateRangeShape).superRefine(checkDateOrder);
export type BodyEntriesQuery = z.infer<typeof bodyEntriesQuerySchema>;

export const bodyDateParamsSchema = z.object({ date: bodyDateSchema });
export const bodyPhotoParamsSchema = z.object({ id: idSchema });

// Responses.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const bodyPhotoSchema = z.object({
  id: z.uuid(),
  /** Served to its owner only. */
  url: z.string(),
  createdAt: z.string(),
});
export type BodyPhoto = z.infer<typeof bodyPhotoSchema>;

export const bodyEntrySchema = z.object({
  date: isoDate,
  weightKg: z.number().nullable(),
  bodyFatPercent: z.number().nullable(),
  waistCm: z.number().nullable(),
  hipsCm: z.number().nullable(),
  chestCm: z.number().nullable(),
  armCm: z.number().nullable(),
  thighCm: z.number().nullable(),
  note: z.string().nullable(),
  photos: z.array(bodyPhotoSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BodyEntry = z.infer<typeof bodyEntrySchema>;

export const trendPointSchema = z.object({ date: isoDate, weightKg: z.number() });
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const bodyEntriesSchema = z.object({
  startDate: isoDate.nullable(),
  endDate: isoDate,
  timezone: z.string(),
  /** Oldest first. */
  items: z.array(bodyEntrySchema),
  /** The smoothed weight on each day of the range that has a weigh-in (trend.ts). */
  trend: z.array(trendPointSchema),
  /** May this user add progress photos (pro)? Photos already kept stay visible either way. */
  photosAllowed: z.boolean(),
});
export type BodyEntries = z.infer<typeof bodyEntriesSchema>;
