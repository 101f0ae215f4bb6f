import type { Locale } from '#core/common/schemas';
import type { ReportReason } from '#core/community/schemas';
import { escapeHtml } from '#server/lib/html';

/** What happened to the author's post or comment: hidden after reports (pending review), hidden by a moderator, shown again. */
export type ModerationNotice = 'pending' | 'hidden' | 'restored';

const REASONS: Record<Locale, Record<ReportReason, string>> = {
  en: {
    spam: 'spam or advertising',
    harassment: 'harassment or bullying',
    inappropriate: 'inappropriate content',
    misinformation: 'harmful or false health advice',
    other: 'something else',
  },
  zh: { spam: '垃圾信息或广告', harassment: '骚扰或欺凌', inappropriate: '不当内容', misinformation: '有害或错误的健康建议', other: '其他' },
};

type Texts = Record<ModerationNotice, { subject: string; body: string; next: string }>;

function english(kind: 'post' | 'comment', title: string, reason: string): Texts {
  const what = kind === 'post' ? `your post "${title}"` : `your comment on "${title}"`;
  return {
    pending: {
      subject: kind === 'post' ? 'Your post is hidden pending review' : 'Your comment is hidden pending review',
      body: `Several members reported ${what} (reason: ${reason}), so it was hidden automatically until a moderator reviews it. Until then only you and the moderators can see it.`,
      next: "A moderator will either show it again or keep it hidden, and we'll let you know.",
    },
    hidden: {
      subject: kind === 'post' ? 'A moderator hid your post' : 'A moderator hid your comment',
      body: `A moderator reviewed ${what} and hid it (reason: ${reason}). Other members can't see it; you can still read or delete it.`,
      next: 'Please keep to the community rules so that your account is not suspended from posting.',
    },
    restored: {
      subject: kind === 'post' ? 'Your post is visible again' : 'Your comment is visible again',
      body: `A moderator reviewed ${what} and found it within the community rules. Everyone can see it again.`,
      next: 'Thanks for your patience.',
    },
  };
}

function chinese(kind: 'post' | 'comment', title: string, reason: string): Texts {
  const what = kind === 'post' ? `你的帖子“${title}”` : `你在“${title}”下的评论`;
  return {
    pending: {
      subject: kind === 'post' ? '你的帖子已被隐藏，等待审核' : '你的评论已被隐藏，等待审核',
      body: `多位成员举报了${what}（原因：${reason}），因此它已被自动隐藏，等待版主审核。在审核之前，只有你和版主能看到它。`,
      next: '版主审核后，会恢复显示或保持隐藏，届时我们会再通知你。',
    },
    hidden: {
      subject: kind === 'post' ? '你的帖子已被版主隐藏' : '你的评论已被版主隐藏',
      body: `版主审核后隐藏了${what}（原因：${reason}）。其他成员看不到它，你仍然可以查看或删除它。`,
      next: '请遵守社区规则，以免账户被暂停发帖。',
    },
    restored: {
      subject: kind === 'post' ? '你的帖子已恢复显示' : '你的评论已恢复显示',
      body: `版主审核了${what}，认为它没有违反社区规则。它已对所有人恢复显示。`,
      next: '感谢你的耐心。',
    },
  };
}

/** Sent to the author each time their post or comment is hidden or shown again; `title` is the post's. */
export function moderationEmail(locale: Locale, notice: ModerationNotice, args: { name: string; kind: 'post' | 'comment'; title: string; reason: ReportReason; link: string }) {
  const t = (locale === 'zh' ? chinese : english)(args.kind, args.title, REASONS[locale][args.reason])[notice];
  const hello = locale === 'zh' ? `${args.name}，你好：` : `Hi ${args.name},`;
  const button = locale === 'zh' ? '查看' : 'Open it';
  return {
    subject: t.subject,
    text: `${hello}\n\n${t.body}\n\n${args.link}\n\n${t.next}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(args.link)}">${escapeHtml(button)}</a></p><p>${escapeHtml(t.next)}</p>`,
  };
}
