import { describe, expect, it } from 'vitest';
import { checkRefundEligibility } from '#core/billing/refund';
import { commentInputSchema } from '#core/community/schemas';
import { REQUEST_MESSAGES } from '#core/errors/request';
import { issueMessage, MESSAGES, type MessageKey, toMessage } from '#core/messages/catalogue';
import { formatParam, translate } from '#web/lib/errors';
import { MESSAGES_ZH } from './messages.zh';
import { loadMessageCatalogue } from './message-catalogues';

// The Chinese catalogue is a chunk of its own, loaded with the language.
await loadMessageCatalogue('zh');

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogues', () => {
  it('give every key an English and a Chinese text, the Chinese naming no param the English lacks', () => {
    const keys = Object.keys(MESSAGES) as MessageKey[];
    expect(Object.keys(MESSAGES_ZH).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(MESSAGES[key].trim(), key).not.toBe('');
      expect(MESSAGES_ZH[key].trim(), key).not.toBe('');
      expect(MESSAGES_ZH[key], key).not.toBe(MESSAGES[key]);
      // The Chinese may leave one out: an entity's English name has no place in a Chinese sentence.
      for (const param of params(MESSAGES_ZH[key])) expect(params(MESSAGES[key]), key).toContain(param);
    }
  });

  it('say a missing resource in Chinese, whatever it is', () => {
    for (const entity of ['Post', 'Plan', 'Workout', 'Nutrition entry', 'Nutrition plan']) {
      const missing = toMessage(REQUEST_MESSAGES.notFoundWithId, { entity, id: '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001' });
      expect(missing.message).toBe(`${entity} with id 4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001 not found`);
      expect(translate(missing, 'zh')).toBe('未找到请求的资源');
    }
  });

  it('name a field the server does not know, as zod names it', () => {
    const result = commentInputSchema.safeParse({ content: 'Nice form on that lift', calories: 120 });
    const issue = result.error!.issues.find((i) => i.code === 'unrecognized_keys')!;
    const keyed = issueMessage(issue);
    expect(keyed).toEqual({ message: 'Unrecognized key: "calories"', messageKey: 'request.unrecognizedKey', params: { keys: '"calories"' } });
    expect(translate(keyed, 'en')).toBe('Unrecognized key: "calories"');
    expect(translate(keyed, 'zh')).toBe('无法识别的字段："calories"');
  });

  it('translate messages that carry numbers, written as the language writes them', () => {
    const start = new Date('2026-03-01T12:00:00Z');
    const remaining = checkRefundEligibility(
      { subscriptionTier: 'basic', subscriptionStatus: 'active', subscriptionStartedAt: start, trialEndsAt: null, lastRefundAt: null },
      new Date('2026-03-06T12:00:00Z'),
    );
    const message = { message: remaining.reason, messageKey: remaining.reasonKey, params: remaining.reasonParams };
    expect(translate(message, 'en')).toBe('You have 9 days remaining to request a refund');
    expect(translate(message, 'zh')).toBe('你还有 9 天可以申请退款');
    expect(translate({ ...message, params: { days: 1200 } }, 'en')).toBe('You have 1,200 days remaining to request a refund');
  });

  it('write a param that is a date or a time as the language writes dates, and text as it is', () => {
    expect(formatParam('2026-03-01', 'en')).toBe('March 1, 2026');
    expect(formatParam('2026-03-01', 'zh')).toBe('2026年3月1日');
    expect(formatParam('2026-03-01T23:30:00Z', 'zh')).toMatch(/^2026年3月\d+日/);
    expect(formatParam('Nutrition entry', 'zh')).toBe('Nutrition entry');
  });

  it('show a message by its key, and the English as it is for a key no catalogue has', () => {
    expect(translate({ message: 'Invalid email format', messageKey: 'auth.email' }, 'zh')).toBe('邮箱格式不正确');
    expect(translate({ message: 'Invalid email format', messageKey: 'auth.email' }, 'en')).toBe('Invalid email format');
    expect(translate({ message: 'Something new from the server', messageKey: 'zod.custom' }, 'zh')).toBe('Something new from the server');
    // A reworded English text keeps its translation: the key finds it, not the sentence.
    expect(translate({ message: 'Please enter a valid email address', messageKey: 'auth.email' }, 'zh')).toBe('邮箱格式不正确');
  });

  it('use one translation for a text several keys share, so finding the key by text cannot change what is shown', () => {
    const byText = new Map<string, string>();
    for (const [key, text] of Object.entries(MESSAGES)) {
      const zh = MESSAGES_ZH[key as MessageKey];
      expect(byText.get(text) ?? zh, key).toBe(zh);
      byText.set(text, zh);
    }
  });
});
