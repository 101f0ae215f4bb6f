import { z } from 'zod';
import { paginationSchema } from '#core/common/schemas';
import { multilineTextSchema } from '#core/common/text';
import { ROLES } from '#core/profile/schemas';
import { hiddenSchema, pageSchemaOf, REPORT_REASONS, REPORT_STATUSES } from '../schemas';
import { MODERATION_MESSAGES } from './messages';

export const TARGET_KINDS = ['post', 'comment'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** auto_hide: the report threshold hid content by itself (no moderator). */
export const MODERATION_ACTIONS = ['auto_hide', 'hide', 'dismiss', 'suspend', 'unsuspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What a moderator decides about reported content: hide it, or keep it (dismiss the reports). */
export const RESOLUTIONS = ['hide', 'dismiss'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const QUEUE_STATUSES = ['open', 'resolved'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const MODERATION_LIMITS = { noteMax: 500, reasonMax: 500, daysMax: 365 } as const;

const M = MODERATION_MESSAGES;

export const queueQuerySchema = paginationSchema.extend({ status: z.enum(QUEUE_STATUSES, { message: M.status }).default('open') });
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const resolveInputSchema = z
  .object({
    action: z.enum(RESOLUTIONS, { message: M.action }),
    /** For the record: moderators read it in the history; the author never sees it. */
    note: multilineTextSchema(M.noteMax)
      .max(MODERATION_LIMITS.noteMax, M.noteMax)
      .nullish()
      .transform((v) => v || null),
  })
  .strict();
export type ResolveInput = z.infer<typeof resolveInputSchema>;

export const suspendInputSchema = z
  .object({
    days: z.number({ message: M.days }).int(M.days).min(1, M.days).max(MODERATION_LIMITS.daysMax, M.days),
    /** Shown to the member with the suspension. */
    reason: multilineTextSchema(M.reasonRequired).min(1, M.reasonRequired).max(MODERATION_LIMITS.reasonMax, M.reasonMax),
  })
  .strict();
export type SuspendInput = z.infer<typeof suspendInputSchema>;

// ── What the API answers.

const personSchema = z.object({ id: z.uuid(), name: z.string() });

/** A member as moderators see them: their forum name, role and any suspension in force. */
export const memberSchema = personSchema.extend({
  role: z.enum(ROLES),
  suspension: z.object({ until: z.string(), reason: z.string() }).nullable(),
});
export type ModeratedMember = z.infer<typeof memberSchema>;

export const queueReportSchema = z.object({
  id: z.uuid(),
  reporter: personSchema,
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** When the reporter last sent it (reporting again replaces it). */
  reportedAt: z.string(),
});

export const moderationActionSchema = z.object({
  id: z.uuid(),
  action: z.enum(MODERATION_ACTIONS),
  /** Null for auto_hide (the report threshold), or when the moderator's account is gone. */
  moderator: personSchema.nullable(),
  /** The content acted on (null for a suspension); `title` is its post's, null once the post is deleted. */
  target: z.object({ kind: z.enum(TARGET_KINDS), id: z.uuid(), postId: z.uuid(), title: z.string().nullable() }).nullable(),
  /** The author of the content, or the member suspended; null once the account is gone. */
  member: personSchema.nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationActionEntry = z.infer<typeof moderationActionSchema>;

/** Reported content with its reports: one entry of the queue. */
export const reportGroupSchema = z.object({
  targetId: z.uuid(),
  kind: z.enum(TARGET_KINDS),
  /** The post, or for a comment the post it is on: the context a moderator reads it in. */
  post: z.object({ id: z.uuid(), title: z.string(), excerpt: z.string() }),
  /** The reported text: the post's content, or the comment. */
  content: z.string(),
  author: memberSchema,
  hidden: hiddenSchema,
  /** Reports per reason, most frequent first. */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** The queue's reports of this content (open or resolved ones); in the detail, all of them. */
  reports: z.array(queueReportSchema),
  lastReportedAt: z.string(),
  /** The moderator's latest decision on it, if any. */
  resolution: moderationActionSchema.extend({ action: z.enum(RESOLUTIONS) }).nullable(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportDetailSchema = reportGroupSchema.extend({ history: z.array(moderationActionSchema) });
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportQueueSchema = pageSchemaOf(reportGroupSchema);
export const actionsPageSchema = pageSchemaOf(moderationActionSchema);
export const suspensionsPageSchema = pageSchemaOf(memberSchema);
