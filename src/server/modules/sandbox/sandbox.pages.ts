import { catalogueEntry, discountedCents, PROMOTION_CODE, PROMOTION_PERCENT_OFF } from '#core/billing/catalogue';
import { invoiceDescription } from '#core/billing/invoices';
import { PAGES } from '#core/common/pages';
import type { Locale } from '#core/common/schemas';
import { htmlLang } from '#core/common/locales';
import { ERROR_CODES } from '#core/errors/catalogue';
import type { CheckoutSessionRow, InvoiceRow, SubscriptionRow } from './sandbox.provider';
import type { sandboxCustomers, sandboxInvoices, sandboxPayments } from './sandbox.schema';

/**
 * The sandbox provider's pages: server-rendered HTML in English or Chinese, styled inline (the CSP allows inline
 * styles, never inline scripts), working with plain form posts so they need no script at all.
 */

const TEXT = {
  en: {
    title: 'Checkout',
    sandbox: 'Sandbox — test mode, no real money moves',
    subscribeTo: (plan: string) => `Subscribe to FitForge ${plan}`,
    perMonth: 'per month',
    perYear: 'per year',
    trial: (days: number) => `${days}-day free trial`,
    thenPrice: (price: string, per: string) => `Then ${price} ${per}`,
    promo: (code: string, pct: number) => `${code}: ${pct}% off your first payment`,
    dueToday: 'Due today',
    firstPayment: 'First payment',
    email: 'Email',
    card: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    promoCode: 'Promotion code',
    apply: 'Apply',
    payTrial: 'Start free trial',
    pay: (price: string) => `Pay ${price}`,
    cancel: 'Cancel and go back',
    policies: { refundPolicy: 'Refund policy', terms: 'Terms of service', privacy: 'Privacy policy' },
    hint: 'Test card: 4242 4242 4242 4242, any future expiry, any CVC. The card 4000 0000 0000 0002 is declined; 4000 0000 0000 5126 pays, but a refund to it fails a minute later.',
    errors: {
      card: 'Enter a valid card number.',
      expiry: 'Enter an expiry date in the future.',
      cvc: 'Enter the 3- or 4-digit security code.',
      declined: 'Your card was declined. Try the test card 4242 4242 4242 4242.',
      unknownCard: 'This sandbox accepts only the test cards 4242 4242 4242 4242 and 4000 0000 0000 5126.',
      promo: 'This promotion code is not valid.',
      expired: ERROR_CODES.CHECKOUT_EXPIRED.message,
      notFound: 'This checkout session does not exist.',
    } as Record<string, string>,
    promoApplied: (code: string) => `${code} applied`,
    back: 'Back to FitForge',
    portalTitle: 'Billing',
    portalHeading: 'Your FitForge billing',
    cardOnFile: 'Card on file',
    noCard: 'No card on file',
    subscriptions: 'Subscriptions',
    invoices: 'Invoices',
    renews: 'Renews',
    ends: 'Ends',
    ended: 'Ended',
    none: 'Nothing yet.',
    portalNote: 'Change or cancel your plan from the billing page in FitForge.',
    portalExpired: 'This billing session has expired. Open it again from FitForge.',
    status: { trialing: 'Trial', active: 'Active', past_due: 'Past due', canceled: 'Canceled', paid: 'Paid', open: 'Unpaid' } as Record<string, string>,
    receiptTitle: 'Receipt',
    receiptHeading: (amount: string) => `Receipt for ${amount}`,
    invoiceNumber: 'Invoice',
    date: 'Date',
    paidWith: 'Paid with',
    amountPaid: 'Amount paid',
    amountDue: 'Amount due',
    refunded: 'Refunded',
    receiptNotFound: 'This receipt does not exist.',
  },
  zh: {
    title: '结账',
    sandbox: '沙盒 — 测试模式，不会产生真实扣款',
    subscribeTo: (plan: string) => `订阅 FitForge ${plan}`,
    perMonth: '每月',
    perYear: '每年',
    trial: (days: number) => `${days} 天免费试用`,
    thenPrice: (price: string, per: string) => `之后${per} ${price}`,
    promo: (code: string, pct: number) => `${code}：首次付款立减 ${pct}%`,
    dueToday: '今日应付',
    firstPayment: '首次付款',
    email: '邮箱',
    card: '卡号',
    expiry: '有效期（月 / 年）',
    cvc: '安全码',
    nameOnCard: '持卡人姓名',
    promoCode: '优惠码',
    apply: '使用',
    payTrial: '开始免费试用',
    pay: (price: string) => `支付 ${price}`,
    cancel: '取消并返回',
    policies: { refundPolicy: '退款政策', terms: '服务条款', privacy: '隐私政策' },
    hint: '测试卡：4242 4242 4242 4242，任意未来有效期，任意安全码。卡号 4000 0000 0000 0002 会被拒绝；4000 0000 0000 5126 可以付款，但退款会在一分钟后失败。',
    errors: {
      card: '请输入有效的卡号。',
      expiry: '请输入未过期的有效期。',
      cvc: '请输入 3 位或 4 位安全码。',
      declined: '你的卡被拒绝。请使用测试卡 4242 4242 4242 4242。',
      unknownCard: '此沙盒只接受测试卡 4242 4242 4242 4242 和 4000 0000 0000 5126。',
      promo: '该优惠码无效。',
      expired: '此结账已失效：你的账户已开始了新的结账，或此页面停留太久。请从价格页面重新开始。',
      notFound: '此结账会话不存在。',
    } as Record<string, string>,
    promoApplied: (code: string) => `已使用 ${code}`,
    back: '返回 FitForge',
    portalTitle: '账单',
    portalHeading: '你的 FitForge 账单',
    cardOnFile: '已保存的卡',
    noCard: '没有已保存的卡',
    subscriptions: '订阅',
    invoices: '账单记录',
    renews: '续订日期',
    ends: '结束日期',
    ended: '已结束',
    none: '暂无记录。',
    portalNote: '请在 FitForge 的账单页面更改或取消套餐。',
    portalExpired: '此账单会话已过期，请从 FitForge 重新打开。',
    status: { trialing: '试用中', active: '有效', past_due: '逾期未付', canceled: '已取消', paid: '已支付', open: '未支付' } as Record<string, string>,
    receiptTitle: '收据',
    receiptHeading: (amount: string) => `${amount} 的收据`,
    invoiceNumber: '账单编号',
    date: '日期',
    paidWith: '支付方式',
    amountPaid: '已付金额',
    amountDue: '应付金额',
    refunded: '已退款',
    receiptNotFound: '此收据不存在。',
  },
} as const;

export type CheckoutError = 'card' | 'expiry' | 'cvc' | 'declined' | 'unknownCard' | 'promo' | 'expired' | 'notFound';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export function money(cents: number, locale: Locale, currency = 'usd'): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const day = (d: Date, locale: Locale) => new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#1a1d23}
.bar{background:#fff3cd;color:#6b4e00;text-align:center;padding:8px 12px;font-size:13px;border-bottom:1px solid #f0dd9c}
.wrap{max-width:920px;margin:40px auto;padding:0 16px;display:grid;grid-template-columns:1fr 1fr;gap:24px}
@media (max-width:760px){.wrap{grid-template-columns:1fr;margin:16px auto}}
.panel{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.04);padding:28px}
.brand{font-weight:700;color:#15803d;letter-spacing:.02em}.price{font-size:36px;font-weight:700;margin:8px 0 0}.muted{color:#5f6672;font-size:14px}
.line{display:flex;justify-content:space-between;padding:10px 0;border-top:1px solid #eceef1}.line strong{font-weight:600}
.tag{display:inline-block;background:#dcfce7;color:#166534;border-radius:999px;padding:2px 10px;font-size:13px;margin-top:10px}
label{display:block;font-size:13px;font-weight:600;margin:14px 0 6px}input{width:100%;padding:11px 12px;border:1px solid #cfd4dc;border-radius:8px;font:inherit;background:#fff}
input:focus{outline:2px solid #16a34a;outline-offset:0;border-color:#16a34a}.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.promo{display:grid;grid-template-columns:1fr auto;gap:8px}button{font:inherit;border:0;border-radius:8px;padding:11px 16px;cursor:pointer}
.primary{width:100%;margin-top:20px;background:#15803d;color:#fff;font-weight:600;font-size:16px}.primary:hover{background:#166534}
.secondary{background:#eef0f3;color:#1a1d23}.error{background:#fee2e2;color:#991b1b;border-radius:8px;padding:10px 12px;margin-bottom:6px}
.hint{background:#eff6ff;color:#1e3a8a;border-radius:8px;padding:10px 12px;font-size:13px;margin-top:16px}a{color:#15803d}
.policies{display:flex;flex-wrap:wrap;justify-content:center;gap:6px 18px;margin:18px 0 0;padding:0;list-style:none;font-size:13px}
.center{max-width:520px;margin:60px auto;padding:0 16px}table{width:100%;border-collapse:collapse;font-size:14px}td,th{text-align:left;padding:8px 4px;border-top:1px solid #eceef1}
`;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} · FitForge</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function renderCheckoutPage(input: {
  session: CheckoutSessionRow;
  /** FitForge's origin, for the links to its policies. */
  appUrl: string;
  email: string;
  error?: CheckoutError;
  /** What the user typed, shown again after an error. */
  values?: { card?: string; expiry?: string; cvc?: string; name?: string; promotionCode?: string };
  promotionApplied: boolean;
}): string {
  const { session } = input;
  const locale: Locale = session.locale;
  const t = TEXT[locale];
  const plan = catalogueEntry(session.plan).name[locale];
  const per = session.interval === 'year' ? t.perYear : t.perMonth;
  const trial = session.trialDays > 0;
  const pct = input.promotionApplied ? PROMOTION_PERCENT_OFF : 0;
  const firstPayment = discountedCents(session.priceCents, pct);
  const dueToday = trial ? 0 : firstPayment;
  const price = money(session.priceCents, locale, session.currency);
  const lockedPromo = Boolean(session.promotionCode);

  const summary = `<section class="panel">
  <div class="brand">FitForge</div>
  <h1 class="muted" style="font-size:inherit;font-weight:inherit;margin:0">${escapeHtml(t.subscribeTo(plan))}</h1>
  <div class="price">${escapeHtml(price)}</div><div class="muted">${escapeHtml(per)}</div>
  ${trial ? `<div class="tag">${escapeHtml(t.trial(session.trialDays))}</div>` : ''}
  <div style="margin-top:24px">
    <div class="line"><span>${escapeHtml(plan)}</span><span>${escapeHtml(price)} ${escapeHtml(per)}</span></div>
    ${input.promotionApplied ? `<div class="line"><span>${escapeHtml(t.promo(PROMOTION_CODE, PROMOTION_PERCENT_OFF))}</span><span>−${escapeHtml(money(session.priceCents - firstPayment, locale, session.currency))}</span></div>` : ''}
    ${trial ? `<div class="line"><span>${escapeHtml(t.firstPayment)}</span><span>${escapeHtml(money(firstPayment, locale, session.currency))}</span></div>` : ''}
    <div class="line"><strong>${escapeHtml(t.dueToday)}</strong><strong>${escapeHtml(money(dueToday, locale, session.currency))}</strong></div>
    ${trial ? `<div class="muted">${escapeHtml(t.thenPrice(price, per))}</div>` : ''}
  </div>
</section>`;

  const err = input.error ? `<div class="error" role="alert">${escapeHtml(t.errors[input.error]!)}</div>` : '';
  const promoValue = escapeHtml(input.values?.promotionCode ?? session.promotionCode ?? '');
  const typed = (field: 'card' | 'expiry' | 'cvc' | 'name') => escapeHtml(input.values?.[field] ?? '');
  const form = `<section class="panel">
  <form method="post" action="/sandbox/checkout/${escapeHtml(session.id)}" autocomplete="off" novalidate>
    ${err}
    <label for="email">${escapeHtml(t.email)}</label><input id="email" value="${escapeHtml(input.email)}" disabled>
    <label for="card">${escapeHtml(t.card)}</label>
    <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" value="${typed('card')}">
    <div class="row">
      <div><label for="expiry">${escapeHtml(t.expiry)}</label><input id="expiry" name="expiry" placeholder="12 / 34" autocomplete="cc-exp" maxlength="7" value="${typed('expiry')}"></div>
      <div><label for="cvc">${escapeHtml(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" autocomplete="cc-csc" maxlength="4" value="${typed('cvc')}"></div>
    </div>
    <label for="name">${escapeHtml(t.nameOnCard)}</label><input id="name" name="name" autocomplete="cc-name" maxlength="100" value="${typed('name')}">
    <label for="promotionCode">${escapeHtml(t.promoCode)}</label>
    <div class="promo"><input id="promotionCode" name="promotionCode" placeholder="${PROMOTION_CODE}" maxlength="64" value="${promoValue}"${lockedPromo ? ' readonly' : ''}>
      <button class="secondary" type="submit" name="intent" value="apply"${lockedPromo ? ' disabled' : ''}>${escapeHtml(t.apply)}</button></div>
    ${input.promotionApplied ? `<div class="tag">${escapeHtml(t.promoApplied(PROMOTION_CODE))}</div>` : ''}
    <button class="primary" type="submit" name="intent" value="pay">${escapeHtml(trial ? t.payTrial : t.pay(money(dueToday, locale, session.currency)))}</button>
    <div class="hint">${escapeHtml(t.hint)}</div>
    <p style="text-align:center;margin:16px 0 0"><a href="${escapeHtml(session.cancelUrl)}">${escapeHtml(t.cancel)}</a></p>
  </form>
  <ul class="policies">${(['refundPolicy', 'terms', 'privacy'] as const)
    .map((page) => `<li><a href="${escapeHtml(`${input.appUrl}/${locale}/${PAGES[page]}`)}">${escapeHtml(t.policies[page])}</a></li>`)
    .join('')}</ul>
</section>`;
  return page(locale, t.title, `<div class="bar">${escapeHtml(t.sandbox)}</div><main class="wrap">${summary}${form}</main>`);
}

/** A page that only says something went wrong, with a way back. */
export function renderMessagePage(locale: Locale, message: string, backUrl: string): string {
  const t = TEXT[locale];
  return page(
    locale,
    t.title,
    `<div class="bar">${escapeHtml(t.sandbox)}</div><main class="center"><section class="panel"><div class="brand">FitForge</div>
<p class="error" role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a></p></section></main>`,
  );
}

export const checkoutErrorText = (locale: Locale, error: CheckoutError) => TEXT[locale].errors[error]!;
export const portalExpiredText = (locale: Locale) => TEXT[locale].portalExpired;
export const receiptNotFoundText = (locale: Locale) => TEXT[locale].receiptNotFound;

/** An invoice's receipt, as Stripe's receipt link shows it: what was paid, with what card, and what went back. */
export function renderReceiptPage(input: { locale: Locale; invoice: InvoiceRow; payment: typeof sandboxPayments.$inferSelect | null; email: string; backUrl: string }): string {
  const { locale, invoice, payment } = input;
  const t = TEXT[locale];
  const paid = invoice.status === 'paid';
  const amount = money(paid ? invoice.amountPaidCents : invoice.amountDueCents, locale, invoice.currency);
  const description = invoiceDescription({ reason: invoice.billingReason, plan: invoice.plan, interval: invoice.interval, amountCents: invoice.amountDueCents }, locale);
  const row = (label: string, value: string) => `<div class="line"><span>${escapeHtml(label)}</span><span>${escapeHtml(value)}</span></div>`;
  const refunded = payment?.amountRefundedCents ?? 0;
  return page(
    locale,
    t.receiptTitle,
    `<div class="bar">${escapeHtml(t.sandbox)}</div><main class="center"><section class="panel">
<div class="brand">FitForge</div><h1 style="font-size:22px;margin:6px 0 4px">${escapeHtml(t.receiptHeading(amount))}</h1>
<div class="muted" style="margin-bottom:18px">${escapeHtml(input.email)}</div>
${row(t.invoiceNumber, invoice.id)}${row(t.date, day(invoice.createdAt, locale))}${row(description, amount)}
${payment?.cardLast4 ? row(t.paidWith, `•••• ${payment.cardLast4}`) : ''}
${row(paid ? t.amountPaid : t.amountDue, amount)}
${refunded > 0 ? row(t.refunded, `−${money(refunded, locale, invoice.currency)}`) : ''}
<div class="line"><strong>${escapeHtml(t.status[invoice.status] ?? invoice.status)}</strong><span></span></div>
<p><a href="${escapeHtml(input.backUrl)}">${escapeHtml(t.back)}</a></p></section></main>`,
  );
}

export function renderPortalPage(input: {
  locale: Locale;
  returnUrl: string;
  customer: typeof sandboxCustomers.$inferSelect | null;
  subscriptions: SubscriptionRow[];
  invoices: (typeof sandboxInvoices.$inferSelect)[];
}): string {
  const { locale } = input;
  const t = TEXT[locale];
  const subs = input.subscriptions.length
    ? `<table><tbody>${input.subscriptions
        .map((s) => {
          const when =
            s.status === 'canceled' ? `${t.ended} ${day(s.canceledAt ?? s.currentPeriodEnd, locale)}` : `${s.cancelAtPeriodEnd ? t.ends : t.renews} ${day(s.currentPeriodEnd, locale)}`;
          return `<tr><td>${escapeHtml(catalogueEntry(s.plan).name[locale])}</td><td>${escapeHtml(money(s.priceCents, locale, s.currency))} ${escapeHtml(s.interval === 'year' ? t.perYear : t.perMonth)}</td><td>${escapeHtml(t.status[s.status] ?? s.status)}</td><td>${escapeHtml(when)}</td></tr>`;
        })
        .join('')}</tbody></table>`
    : `<p class="muted">${escapeHtml(t.none)}</p>`;
  const invoices = input.invoices.length
    ? `<table><tbody>${input.invoices
        .map(
          (i) =>
            `<tr><td>${escapeHtml(day(i.createdAt, locale))}</td><td>${escapeHtml(money(i.amountDueCents, locale, i.currency))}</td><td>${escapeHtml(t.status[i.status] ?? i.status)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p class="muted">${escapeHtml(t.none)}</p>`;
  const card = input.customer?.cardLast4 ? `•••• ${escapeHtml(input.customer.cardLast4)}` : escapeHtml(t.noCard);
  return page(
    locale,
    t.portalTitle,
    `<div class="bar">${escapeHtml(t.sandbox)}</div><main class="center" style="max-width:680px"><section class="panel">
<div class="brand">FitForge</div><h1 style="font-size:22px;margin:6px 0 18px">${escapeHtml(t.portalHeading)}</h1>
<div class="muted">${escapeHtml(input.customer?.email ?? '')}</div>
<h2 style="font-size:16px;margin:22px 0 6px">${escapeHtml(t.cardOnFile)}</h2><p>${card}</p>
<h2 style="font-size:16px;margin:22px 0 6px">${escapeHtml(t.subscriptions)}</h2>${subs}
<h2 style="font-size:16px;margin:22px 0 6px">${escapeHtml(t.invoices)}</h2>${invoices}
<p class="muted" style="margin-top:22px">${escapeHtml(t.portalNote)}</p>
<p><a href="${escapeHtml(input.returnUrl)}">${escapeHtml(t.back)}</a></p></section></main>`,
  );
}
