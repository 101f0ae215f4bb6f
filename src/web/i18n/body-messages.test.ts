import { describe, expect, it } from 'vitest';
import { BODY_MESSAGES } from '#core/body/messages';
import { toMessage } from '#core/messages/catalogue';
import { ENERGY_MESSAGES } from '#core/nutrition/messages';
import { translate } from '#web/lib/errors';
import { loadMessageCatalogue } from './message-catalogues';

// The Chinese catalogue is a chunk of its own, loaded with the language.
await loadMessageCatalogue('zh');

describe('body and energy messages', () => {
  it('all have a Chinese text', () => {
    for (const message of [...Object.values(BODY_MESSAGES), ...Object.values(ENERGY_MESSAGES)]) expect(translate(toMessage(message), 'zh'), message).not.toBe(message);
  });
});
