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

/**
 * What comes after a refund that failed once it was created: the guarantee may be asked for again (its subscription
 * is still live, within the 14 days), the subscription it was for has ended, or (a refund of anything else) support
 * simply sends the money.
 */
export type RefundFailedNext = 'askAgain' | 'ended' | 'support';

/** Sent once per refund that failed after it was created (refund.failed), naming its exact amount. */
export function refundFailedEmail(locale: Locale, name: string, refund: { amountCents: number; currency: string }, next: RefundFailedNext, link: string, supportEmail: string | undefined) {
  const amount = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: refund.currency.toUpperCase() }).format(refund.amountCents / 100);
  const t =
    locale === 'zh'
      ? {
          subject: `你的 ${amount} 退款未能完成`,
          hello: `${name}，你好：`,
          body: `我们未能把 ${amount} 退还到你的卡上：你的银行或发卡机构没有接受这笔退款（例如卡已注销），所以这笔钱没有到账。`,
          next: {
            askAgain: '你的订阅仍然有效，一次性退款保障也还没有用掉，你可以在“套餐与账单”页面再次申请退款。如果你的卡仍然无法收到退款，我们的客服团队会通过其他方式把钱退给你。',
            ended: `这笔退款对应的订阅已经结束。我们的客服团队会通过其他方式把 ${amount} 退给你，并会写信和你确认。`,
            support: `我们的客服团队会通过其他方式把 ${amount} 退给你，并会写信和你确认。`,
          }[next],
          contact: supportEmail ? `你也可以发邮件到 ${supportEmail} 联系我们的客服团队。` : null,
          button: next === 'askAgain' ? '打开套餐与账单' : '查看账单记录',
          note: '给你带来不便，我们很抱歉。',
        }
      : {
          subject: `Your refund of ${amount} could not be completed`,
          hello: `Hi ${name},`,
          body: `We could not complete the refund of ${amount} to your card: your bank or card issuer did not accept it (for example, the card was closed), so the money has not reached you.`,
          next: {
            askAgain:
              'Your subscription is still active and your one-time refund guarantee has not been used, so you can ask for the refund again on the Plan & billing page. If your card still cannot receive it, our support team will send the money to you another way.',
            ended: `The subscription it was for has already ended. Our support team will send you the ${amount} another way and will write to you to arrange it.`,
            support: `Our support team will send you the ${amount} another way and will write to you to arrange it.`,
          }[next],
          contact: supportEmail ? `You can also reach our support team at ${supportEmail}.` : null,
          button: next === 'askAgain' ? 'Open Plan & billing' : 'See your billing history',
          note: 'We are sorry for the trouble.',
        };
  const paragraphs = [t.body, t.next, ...(t.contact ? [t.contact] : [])];
  return {
    subject: t.subject,
    text: `${t.hello}\n\n${paragraphs.join('\n\n')}\n\n${link}\n\n${t.note}\n`,
    html:
      `<p>${escapeHtml(t.hello)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.note)}</p>`,
  };
}
