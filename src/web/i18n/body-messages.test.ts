import { describe, expect, it } from 'vitest';
import { BODY_MESSAGES } from '#core/body/schemas';
import { ENERGY_MESSAGES } from '#core/nutrition/schemas';
import { translateServerMessage } from './server-messages';

describe('body and energy messages', () => {
  it('all have a Chinese text', () => {
    for (const message of [...Object.values(BODY_MESSAGES), ...Object.values(ENERGY_MESSAGES)]) expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
  });
});
