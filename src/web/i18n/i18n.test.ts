import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../core/auth/schemas';
import { ERROR_CODES } from '../../core/errors/catalogue';
import en from './en.json';
import zh from './zh.json';
import { translateServerMessage } from './server-messages';

// Arrays (the policy pages' sections and paragraphs) count by position: both languages need as many.
type Tree = { [key: string]: string | Tree } | (string | Tree)[];

/** Leaf keys, with i18next plural suffixes folded (Chinese has only the _other form). */
function keys(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(path.replace(/_(one|other)$/, ''));
    else for (const k of keys(value, path)) out.add(k);
  }
  return out;
}

describe('translations', () => {
  it('have the same keys in English and Chinese', () => {
    expect([...keys(zh as Tree)].sort()).toEqual([...keys(en as Tree)].sort());
  });

  it('give every catalogue and password message a Chinese text', () => {
    const messages = [...Object.values(ERROR_CODES).map((e) => e.message), ...Object.values(PASSWORD_MESSAGES)];
    for (const message of messages) expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
  });

  it('leave unknown messages and English as they are', () => {
    expect(translateServerMessage('Something new from the server', 'zh')).toBe('Something new from the server');
    expect(translateServerMessage('Invalid email format', 'en')).toBe('Invalid email format');
  });

  it('translate messages that carry numbers', () => {
    expect(translateServerMessage('You have 9 days remaining to request a refund', 'zh')).toBe('您还有 9 天可以申请退款');
  });
});
