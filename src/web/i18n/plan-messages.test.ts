import { describe, expect, it } from 'vitest';
import { PLANS_API_MESSAGES } from '#core/plans/api-schemas';
import { PLAN_INPUT_MESSAGES } from '#core/plans/schemas';
import { translateServerMessage } from './server-messages';

describe('plan messages', () => {
  it('all have a Chinese text', () => {
    for (const message of [...Object.values(PLAN_INPUT_MESSAGES), ...Object.values(PLANS_API_MESSAGES)]) {
      expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
    }
    expect(translateServerMessage('Plan with id 4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001 not found', 'zh')).toBe('未找到请求的资源');
  });
});
