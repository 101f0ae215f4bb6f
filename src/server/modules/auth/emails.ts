import type { Locale } from '#core/common/schemas';
import { escapeHtml } from '#server/lib/html';

export function passwordResetEmail(locale: Locale, name: string, link: string) {
  const t =
    locale === 'zh'
      ? {
          subject: '重置你的 FitForge 密码',
          hello: `${name}，你好：`,
          body: '我们收到了重置你 FitForge 账户密码的请求。点击下面的链接设置新密码，链接 1 小时内有效：',
          ignore: '如果这不是你本人的操作，请忽略这封邮件，你的密码不会改变。',
          button: '设置新密码',
        }
      : {
          subject: 'Reset your FitForge password',
          hello: `Hi ${name},`,
          body: 'We received a request to reset the password of your FitForge account. Use the link below to choose a new one; it works for 1 hour:',
          ignore: "If you didn't ask for this, ignore this email and your password stays the same.",
          button: 'Choose a new password',
        };
  return {
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p>` + `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}

/** The link that proves the address is the account holder's (asked of addresses given a role, MODERATOR_EMAILS). */
export function verifyEmailEmail(locale: Locale, name: string, link: string) {
  const t =
    locale === 'zh'
      ? {
          subject: '验证你的 FitForge 邮箱',
          hello: `${name}，你好：`,
          body: '请点击下面的链接，确认这个邮箱属于你。确认后，这个账户的社区版主权限才会生效。链接 24 小时内有效：',
          ignore: '如果你没有注册 FitForge，请忽略这封邮件。',
          button: '验证邮箱',
        }
      : {
          subject: 'Verify your FitForge email address',
          hello: `Hi ${name},`,
          body: "Use the link below to confirm that this address is yours. Your account's community moderator role starts once it is confirmed. The link works for 24 hours:",
          ignore: "If you didn't sign up for FitForge, ignore this email.",
          button: 'Verify my email',
        };
  return {
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p>` + `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
