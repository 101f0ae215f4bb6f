import { toOneLine, toPlainText } from '#core/common/text';

/**
 * Forum text is plain text: what a person typed, shown as typed, never as markup. These helpers tidy it on the way in
 * and cut it into safe pieces on the way out; the web app renders the pieces as text nodes and anchors, so nothing a
 * user writes is ever parsed as HTML.
 */

/** Multi-line text as every field holds it, and more than one blank line in a row becomes one. */
export function normalizeText(value: string): string {
  return toPlainText(value)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line (a title): every run of whitespace, line breaks included, becomes one space. */
export function normalizeLine(value: string): string {
  return toOneLine(value).trim();
}

export const EXCERPT_LENGTH = 240;

/** The start of a post for a list: whole text when short, else cut at a word boundary near the limit with an ellipsis. */
export function excerptOf(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.search(/\s\S*$/);
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// ASCII only: a URL typed straight before Chinese text ("见https://a.cn/x这里") must stop where the Chinese begins.
const URL_CANDIDATE = /\b(?:https?:\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"*]$/;

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Sentence punctuation after a URL belongs to the sentence; a closing bracket only when the URL did not open it. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last === undefined) return url;
    if (TRAILING_PUNCTUATION.test(last)) url = url.slice(0, -1);
    else if (last === ')' && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    else if (last === ']' && count(url, '[') < count(url, ']')) url = url.slice(0, -1);
    else return url;
  }
}

/** An absolute http(s) address for a candidate, or null: no other scheme (javascript:, data:) can become a link. */
export function safeHref(candidate: string): string | null {
  const absolute = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return url.href;
}

/** Plain text as text and link segments, in order; joined, the segments' text is the input unchanged. */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const push = (piece: string) => {
    if (!piece) return;
    const prev = segments.at(-1);
    if (prev?.kind === 'text') prev.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    push(text.slice(last, start));
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  push(text.slice(last));
  return segments;
}
