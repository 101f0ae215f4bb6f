import type { Locale } from '../../../core/common/schemas';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

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
    html:
      `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.note)}</p>`,
  };
}
