import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '#core/community/moderation/schemas';
import { COMMUNITY_MESSAGES, POST_CATEGORIES, REPORT_REASONS, suspendedMessage } from '#core/community/schemas';
import en from '#web/i18n/en.json';
import zh from '#web/i18n/zh.json';
import { translateServerMessage } from '#web/i18n/server-messages';

describe('community texts', () => {
  it('give every rule of the forum a Chinese message', () => {
    for (const message of [...Object.values(COMMUNITY_MESSAGES), ...Object.values(MODERATION_MESSAGES)]) expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
    expect(translateServerMessage(suspendedMessage(new Date('2026-07-01T09:30:00Z')), 'zh')).toBe('你的账户已被暂停发帖、评论和点赞，直到 2026-07-01 09:30（UTC）');
    expect(translateServerMessage('Post with id 00000000-0000-4000-8000-000000000000 not found', 'zh')).toBe('未找到请求的资源');
  });

  it('name every category and report reason in both languages', () => {
    for (const dict of [en, zh]) {
      for (const c of POST_CATEGORIES) expect(dict.community.categories[c]).toBeTruthy();
      for (const r of REPORT_REASONS) expect(dict.community.report.reasons[r]).toBeTruthy();
    }
  });
});
