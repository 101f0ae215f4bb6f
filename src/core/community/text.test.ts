import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPostSchema, commentInputSchema } from './schemas';
import { COMMUNITY_MESSAGES } from './messages';
import { excerptOf, linkify, normalizeLine, normalizeText, safeHref } from './text';

describe('normalizeText', () => {
  it('keeps line breaks, drops control characters and extra blank lines', () => {
    expect(normalizeText('  Day 1\r\nSquats\u0000 5x5\r\r\n\n\n\nDay 2  ')).toBe('Day 1\nSquats 5x5\n\nDay 2');
  });
});

describe('normalizeLine', () => {
  it('folds whitespace and line breaks into single spaces', () => {
    expect(normalizeLine(' My\n\tfirst   post\u0007 ')).toBe('My first post');
  });
});

describe('excerptOf', () => {
  it('keeps short text whole and cuts long text at a word', () => {
    expect(excerptOf('short')).toBe('short');
    const long = 'word '.repeat(100);
    const cut = excerptOf(long, 50);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(51);
  });
});

describe('linkify', () => {
  const links = (text: string) => linkify(text).filter((s) => s.kind === 'link');

  it('turns http, https and www addresses into links and leaves the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1 and www.fit.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'www.fit.org', href: 'https://www.fit.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves sentence punctuation and unopened brackets outside the link', () => {
    expect(links('(see https://en.wikipedia.org/wiki/Squat_(exercise)), ok')[0]).toMatchObject({ text: 'https://en.wikipedia.org/wiki/Squat_(exercise)' });
    expect(links('Go to http://a.co/x!')[0]).toMatchObject({ text: 'http://a.co/x' });
  });

  it('stops a URL where Chinese text begins', () => {
    expect(links('看这里https://fit.cn/p/1这个计划')[0]).toMatchObject({ text: 'https://fit.cn/p/1' });
  });

  it('never links another scheme', () => {
    for (const text of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)//https://a.com', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd']) {
      for (const s of links(text)) expect(s.href).toMatch(/^https?:\/\//);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('http://intranet')).toBeNull();
  });

  it('keeps markup as text', () => {
    const text = '<img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('loses and adds nothing: the segments join back to the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '.', ')', '(', '看', 'https://', 'www.', 'x.io', '/', '\n') }), (text) => {
        const segments = linkify(text);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        for (const s of segments) if (s.kind === 'link') expect(s.href).toMatch(/^https?:\/\//);
      }),
    );
  });
});

describe('post and comment rules', () => {
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('checks the tidied lengths with the spec limits', () => {
    expect(createPostSchema.safeParse({ title: 'T', content: '0123456789', category: 'general' }).success).toBe(true);
    expect(messages(createPostSchema.safeParse({ title: '   ', content: '  012345678  ', category: 'yoga' }))).toEqual({
      title: COMMUNITY_MESSAGES.titleRequired,
      content: COMMUNITY_MESSAGES.contentMin,
      category: COMMUNITY_MESSAGES.category,
    });
    expect(messages(createPostSchema.safeParse({ title: 'x'.repeat(201), content: 'x'.repeat(5001), category: 'training' }))).toEqual({
      title: COMMUNITY_MESSAGES.titleMax,
      content: COMMUNITY_MESSAGES.contentMax,
    });
    expect(messages(commentInputSchema.safeParse({ content: ' \n ' }))).toEqual({ content: COMMUNITY_MESSAGES.commentRequired });
    expect(messages(commentInputSchema.safeParse({ content: 'x'.repeat(1001) }))).toEqual({ content: COMMUNITY_MESSAGES.commentMax });
  });
});
