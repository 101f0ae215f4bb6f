import { describe, expect, it } from 'vitest';
import { NUTRITION_MESSAGES } from '#core/nutrition/schemas';
import { translateServerMessage } from './server-messages';

describe('nutrition messages', () => {
  it('all have a Chinese text', () => {
    for (const message of Object.values(NUTRITION_MESSAGES)) expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
    expect(translateServerMessage('Nutrition entry with id 4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001 not found', 'zh')).toBe('未找到请求的资源');
  });
});
