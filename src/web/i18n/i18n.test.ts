import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '#core/auth/schemas';
import { ERROR_CODES } from '#core/errors/catalogue';
import en from './en.json';
import zh from './zh.json';
import legalEn from './legal.en.json';
import legalZh from './legal.zh.json';
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
    expect([...keys(legalZh as Tree)].sort()).toEqual([...keys(legalEn as Tree)].sort());
  });

  it('give every catalogue and password message a Chinese text', () => {
    const messages = [...Object.values(ERROR_CODES).map((e) => e.message), ...Object.values(PASSWORD_MESSAGES)];
    for (const message of messages) expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
  });

  it('leave unknown messages and English as they are', () => {
    expect(translateServerMessage('Something new from the server', 'zh')).toBe('Something new from the server');
    expect(translateServerMessage('Invalid email format', 'en')).toBe('Invalid email format');
  });

  it('call each subscription status by one word wherever it is shown', () => {
    for (const tree of [en, zh]) {
      for (const [status, word] of Object.entries(tree.enums.status)) expect(tree.billing.status[status as keyof typeof tree.billing.status], status).toBe(word);
    }
  });

  it('translate messages that carry numbers', () => {
    expect(translateServerMessage('You have 9 days remaining to request a refund', 'zh')).toBe('你还有 9 天可以申请退款');
  });
});

/** Every source file under src/ that is not a test: the texts the project ships, web and server alike. */
function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return shippedSources(path);
    return /\.(ts|tsx|json|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('Chinese register', () => {
  // One voice towards the user: the informal 你, never the formal 您 (mixing both reads as two authors).
  it('never uses 您 in any text the web app or the server ships', () => {
    const src = join(import.meta.dirname, '../..');
    const offenders = shippedSources(src)
      .filter((file) => readFileSync(file, 'utf8').includes('您'))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });
});
