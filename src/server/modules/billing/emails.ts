import type { Locale } from '#core/common/schemas';
import { escapeHtml } from '#server/lib/html';

/** Sent once per failed invoice (its webhook event), when the subscription becomes past due. */
export function paymentFailedEmail(locale: Locale, name: string, link: string) {
  const t =
    locale === 'zh'
      ? {
          subject: 'FitForge 订阅付款失败',
          hello: `${name}，你好：`,
          body: '我们未能从你的卡上收取 FitForge 订阅的续订费用，你的订阅现在处于逾期未付状态。请更新付款方式，以免失去付费功能：',
          button: '更新付款方式',
          note: '如果你已经更新了付款方式，可以忽略这封邮件。',
        }
      : {
          subject: 'Your FitForge payment failed',
          hello: `Hi ${name},`,
          body: "We couldn't charge your card for your FitForge subscription, so it is now past due. Update your payment method to keep your paid features:",
          button: 'Update payment method',
          note: 'If you have already updated it, you can ignore this email.',
        };
  return {
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${link}\n\n${t.note}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p>` + `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.note)}</p>`,
  };
}

/**
 * Sent once when a second subscription of the account was paid (two checkouts at once) and ended: the amount is
 * what the provider refunded for it, or null when it had charged nothing (a trial).
 */
export function duplicateSubscriptionEmail(locale: Locale, name: string, refund: { amountCents: number; currency: string } | null, link: string) {
  const amount = refund ? new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: refund.currency.toUpperCase() }).format(refund.amountCents / 100) : null;
  const t =
    locale === 'zh'
      ? {
          subject: amount ? `我们已退还你重复订阅的 ${amount}` : '我们已取消你重复的 FitForge 订阅',
          hello: `${name}，你好：`,
          body: '你的账户同时完成了两次结账，因此有了两个 FitForge 订阅。我们保留了第一个订阅，并立即取消了第二个。',
          money: amount ? `第二个订阅收取的 ${amount} 已全额退还到你的卡上，通常需要 5 到 10 天到账。` : '第二个订阅没有向你收取任何费用。',
          button: '查看你的订阅',
        }
      : {
          subject: amount ? `We refunded ${amount} for a duplicate FitForge subscription` : 'We canceled a duplicate FitForge subscription',
          hello: `Hi ${name},`,
          body: 'Two checkouts were completed for your account, so it had two FitForge subscriptions. We kept the first one and canceled the second right away.',
          money: amount
            ? `The ${amount} charged for the second one has been refunded in full to your card; it usually shows within 5 to 10 days.`
            : 'The second one had not charged you anything.',
          button: 'See your subscription',
        };
  return {
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${t.money}\n\n${link}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><p>${escapeHtml(t.money)}</p>` + `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>`,
  };
}
