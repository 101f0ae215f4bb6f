import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '#core/community/moderation/messages';
import { POST_CATEGORIES, REPORT_REASONS, suspendedUntilText } from '#core/community/schemas';
import { COMMUNITY_MESSAGES } from '#core/community/messages';
import en from '#web/i18n/app.en.json';
import zh from '#web/i18n/app.zh.json';
import { toMessage } from '#core/messages/catalogue';
import { translate } from '#web/lib/errors';
import { loadMessageCatalogue } from '#web/i18n/message-catalogues';

// The Chinese catalogue is a chunk of its own, loaded with the language.
await loadMessageCatalogue('zh');

describe('community texts', () => {
  it('give every rule of the forum a Chinese message', () => {
    for (const message of [...Object.values(COMMUNITY_MESSAGES), ...Object.values(MODERATION_MESSAGES)]) expect(translate(toMessage(message), 'zh'), message).not.toBe(message);
    const until = suspendedUntilText(new Date('2026-07-01T09:30:00Z'));
    expect(translate(toMessage(COMMUNITY_MESSAGES.suspended, { until }), 'zh')).toBe('你的账户已被暂停发帖、评论和点赞，直到 2026-07-01 09:30（UTC）');
  });

  it('name every category and report reason in both languages', () => {
    for (const dict of [en, zh]) {
      for (const c of POST_CATEGORIES) expect(dict.community.categories[c]).toBeTruthy();
      for (const r of REPORT_REASONS) expect(dict.community.report.reasons[r]).toBeTruthy();
    }
  });
});
