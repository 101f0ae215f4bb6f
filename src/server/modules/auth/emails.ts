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

/**
 * The link emailed at sign-up to an address that must be proven (MODERATOR_EMAILS): choosing the password there proves
 * the address and takes the account over (ADR 026).
 */
export function addressProofEmail(locale: Locale, name: string, link: string) {
  const t =
    locale === 'zh'
      ? {
          subject: '确认你的 FitForge 账户',
          hello: `${name}，你好：`,
          body: '有人用这个邮箱注册了 FitForge。请点击下面的链接为账户设置密码，以确认这个邮箱属于你。设置后，之前登录这个账户的所有设备都会退出，之前开启的两步验证会关闭，你的社区版主权限随即生效。链接 24 小时内有效：',
          ignore: '如果注册的不是你，也可以用这个链接接管账户；忽略这封邮件的话，这个账户不会获得版主权限。',
          button: '设置密码',
        }
      : {
          subject: 'Confirm your FitForge account',
          hello: `Hi ${name},`,
          body: "Someone signed up for FitForge with this address. Use the link below to choose the account's password: that confirms the address is yours, signs out every device signed in to the account so far, turns off any two-factor sign-in set up before, and starts your community moderator role. The link works for 24 hours:",
          ignore: "If it wasn't you who signed up, you can still use the link to take the account over; if you ignore this email, the account never gets the moderator role.",
          button: 'Choose my password',
        };
  return {
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p>` + `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
