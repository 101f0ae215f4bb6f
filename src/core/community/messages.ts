// The texts of the community rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
/** Every message the community's rules can give; each has its key in the message catalogue (ADR 022). */
export const COMMUNITY_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be at most 200 characters',
  contentRequired: 'Content is required',
  contentMin: 'Content must be at least 10 characters',
  contentMax: 'Content must be at most 5000 characters',
  category: 'Category must be one of general, nutrition, training, progress, questions',
  commentRequired: 'Comment cannot be empty',
  commentMax: 'Comment must be at most 1000 characters',
  reason: 'Reason must be one of spam, harassment, inappropriate, misinformation, other',
  detailsMax: 'Details must be at most 500 characters',
  nothingToUpdate: 'Nothing to update',
  reportOwnPost: 'You cannot report your own post',
  reportOwnComment: 'You cannot report your own comment',
  suspended: 'Your account is suspended from posting, commenting and liking until {until} UTC',
} as const;
