import { z } from 'zod';
import { paginationSchema } from '#core/common/schemas';
import { textSchema } from '#core/common/text';
import { normalizeLine, normalizeText } from './text';
import { COMMUNITY_MESSAGES } from './messages';

export const POST_CATEGORIES = ['general', 'nutrition', 'training', 'progress', 'questions'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'misinformation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** open: waiting for a moderator; reviewed: a moderator hid the content; dismissed: a moderator kept it. */
export const REPORT_STATUSES = ['open', 'reviewed', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What hid a post or comment: enough members' reports (pending a moderator's review), or a moderator. */
export const HIDDEN_BY = ['reports', 'moderator'] as const;

export const LIMITS = {
  titleMax: 200,
  contentMin: 10,
  contentMax: 5000,
  commentMax: 1000,
  reportDetailsMax: 500,
} as const;

/** The end of a suspension as its message names it: `2026-07-01 09:30` (UTC). */
export const suspendedUntilText = (until: Date) => until.toISOString().slice(0, 16).replace('T', ' ');

const M = COMMUNITY_MESSAGES;

// Lengths are checked on the tidied text, so the counter a person sees and the rule the server applies agree.
export const postTitleSchema = textSchema(M.titleRequired).overwrite(normalizeLine).min(1, M.titleRequired).max(LIMITS.titleMax, M.titleMax);
export const postContentSchema = textSchema(M.contentRequired).overwrite(normalizeText).min(LIMITS.contentMin, M.contentMin).max(LIMITS.contentMax, M.contentMax);
export const postCategorySchema = z.enum(POST_CATEGORIES, { message: M.category });
export const commentContentSchema = textSchema(M.commentRequired).overwrite(normalizeText).min(1, M.commentRequired).max(LIMITS.commentMax, M.commentMax);

export const createPostSchema = z.object({ title: postTitleSchema, content: postContentSchema, category: postCategorySchema }).strict();
export type CreatePostInput = z.infer<typeof createPostSchema>;

export const updatePostSchema = createPostSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, M.nothingToUpdate);
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

export const commentInputSchema = z.object({ content: commentContentSchema }).strict();
export type CommentInput = z.infer<typeof commentInputSchema>;

export const reportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: M.reason }),
    details: textSchema(M.detailsMax)
      .overwrite(normalizeText)
      .max(LIMITS.reportDetailsMax, M.detailsMax)
      .nullish()
      .transform((v) => v || null),
  })
  .strict();
export type ReportInput = z.infer<typeof reportInputSchema>;

export const listPostsQuerySchema = paginationSchema.extend({ category: postCategorySchema.optional() });
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

// ── What the API answers.

export const authorSchema = z.object({
  id: z.uuid(),
  /** The community display name when set, else the account name. */
  name: z.string(),
  /** The current streak in days, or null when the author hides it. */
  streak: z.number().int().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

/**
 * Hidden content is shown only to its author and to moderators, marked with why; everyone else never sees it. Null:
 * shown to everyone.
 */
export const hiddenSchema = z
  .object({
    by: z.enum(HIDDEN_BY),
    /** The reason most of its reports gave. */
    reason: z.enum(REPORT_REASONS),
    at: z.string(),
  })
  .nullable();
export type Hidden = z.infer<typeof hiddenSchema>;

const postBase = {
  id: z.uuid(),
  title: z.string(),
  category: z.enum(POST_CATEGORIES),
  author: authorSchema,
  commentCount: z.number().int(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  isOwn: z.boolean(),
  createdAt: z.string(),
  /** When the author last changed the post, or null if never. */
  editedAt: z.string().nullable(),
  hidden: hiddenSchema,
};

export const postListItemSchema = z.object({ ...postBase, excerpt: z.string() });
export type PostListItem = z.infer<typeof postListItemSchema>;

export const postSchema = z.object({ ...postBase, content: z.string(), reportedByMe: z.boolean() });
export type Post = z.infer<typeof postSchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  content: z.string(),
  author: authorSchema,
  isOwn: z.boolean(),
  reportedByMe: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  hidden: hiddenSchema,
});
export type Comment = z.infer<typeof commentSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const reportSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  /** Set when the report is about a comment (on the post `postId`). */
  commentId: z.uuid().nullable(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** The list envelope of API.md for one item schema. */
export function pageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}
