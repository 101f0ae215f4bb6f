import type { Author, Comment, Hidden, HIDDEN_BY, Post, PostListItem, ReportReason } from '#core/community/schemas';
import { excerptOf } from '#core/community/text';
import type { CommentRow, PostListRow, PostRow } from '../community.repo';

type AuthorRow = { authorId: string; authorName: string; authorStreak: number | null };

const toAuthor = (row: AuthorRow): Author => ({ id: row.authorId, name: row.authorName, streak: row.authorStreak });

type HidingRow = { hiddenAt: Date | null; hiddenBy: (typeof HIDDEN_BY)[number] | null; hiddenReason: ReportReason | null };

/** Set only on content the viewer sees though it is hidden: theirs, or any for a moderator. */
export const toHidden = (row: HidingRow): Hidden =>
  row.hiddenAt && row.hiddenBy && row.hiddenReason ? { by: row.hiddenBy, reason: row.hiddenReason, at: row.hiddenAt.toISOString() } : null;

/** Only an author's edit moves updated_at past created_at. */
const editedAt = (row: { createdAt: Date; updatedAt: Date }) => (row.updatedAt.getTime() > row.createdAt.getTime() ? row.updatedAt.toISOString() : null);

function postBase(row: PostListRow | PostRow) {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    author: toAuthor(row),
    commentCount: row.commentCount,
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    isOwn: row.isOwn,
    createdAt: row.createdAt.toISOString(),
    editedAt: editedAt(row),
    hidden: toHidden(row),
  };
}

export const toPostListItem = (row: PostListRow): PostListItem => ({ ...postBase(row), excerpt: excerptOf(row.excerpt) });

export const toPost = (row: PostRow): Post => ({ ...postBase(row), content: row.content, reportedByMe: row.reportedByMe });

export const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  postId: row.postId,
  content: row.content,
  author: toAuthor(row),
  isOwn: row.isOwn,
  reportedByMe: row.reportedByMe,
  createdAt: row.createdAt.toISOString(),
  editedAt: editedAt(row),
  hidden: toHidden(row),
});
