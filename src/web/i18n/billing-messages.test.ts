import { describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES, PLAN_CHANGE_MESSAGES, RESUME_MESSAGES } from '#core/billing/transitions';
import { expiredReason, REFUND_MESSAGES, remainingReason } from '#core/billing/refund';
import { translateServerMessage } from './server-messages';

describe('billing messages', () => {
  it('all have a Chinese text', () => {
    const messages = [
      ...Object.values(REFUND_MESSAGES),
      ...Object.values(PLAN_CHANGE_MESSAGES),
      ...Object.values(CANCEL_MESSAGES),
      ...Object.values(RESUME_MESSAGES),
      expiredReason(20),
      remainingReason(3),
      'Price not configured for the plan and interval',
      'You already have a subscription. Change or cancel it from the billing page.',
      'This promotion code is not valid',
      'Plan must be basic or pro',
      'Interval must be month or year',
      'Outcome must be paid or failed',
    ];
    for (const message of messages) expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
  });
});
