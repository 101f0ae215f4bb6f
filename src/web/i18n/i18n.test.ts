import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh.json';
import appEn from './app.en.json';
import appZh from './app.zh.json';
import legalEn from './legal.en.json';
import legalZh from './legal.zh.json';

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
    expect([...keys(appZh as Tree)].sort()).toEqual([...keys(appEn as Tree)].sort());
    expect([...keys(legalZh as Tree)].sort()).toEqual([...keys(legalEn as Tree)].sort());
  });

  it('call each subscription status by one word wherever it is shown', () => {
    for (const tree of [en, zh]) {
      for (const [status, word] of Object.entries(tree.enums.status)) expect(tree.billing.status[status as keyof typeof tree.billing.status], status).toBe(word);
    }
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

describe('the two parts of each language', () => {
  it('share no top-level group, so a key is found in exactly one of them', () => {
    for (const [common, app] of [
      [en, appEn],
      [zh, appZh],
    ] as const) {
      expect(Object.keys(common).filter((group) => group in app)).toEqual([]);
    }
  });
});
