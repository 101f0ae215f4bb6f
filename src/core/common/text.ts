import { z } from 'zod';
import { TEXT_MESSAGES } from './messages';

/**
 * Text from a client, made fit to store: the one place that decides which characters a field may hold. PostgreSQL
 * text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8 form at all.
 */

// C0 and C1 control characters but tab and line feed (carriage returns are folded into line feeds first).
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const ANY_CONTROL_CHAR = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isWellFormed = (value: string): boolean => !LONE_SURROGATE.test(value);

/** True for a string that can be taken as sent: well-formed, and no control character at all. */
export const isCleanExact = (value: string): boolean => isWellFormed(value) && !ANY_CONTROL_CHAR.test(value);

/** Multi-line text: CRLF and CR become LF, other control characters go. */
export function toPlainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');
}

/** One line: control characters, line breaks included, and every run of whitespace become one space. */
export function toOneLine(value: string): string {
  return value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ');
}

/** A string whose lone surrogates are refused with a field message; every text schema starts here. */
export const textSchema = (message?: string) => z.string({ message }).refine(isWellFormed, { message: TEXT_MESSAGES.invalid, abort: true });

/** What a person types on one line (a name, a title), tidied and trimmed before any length rule. */
export const lineTextSchema = (message?: string) => textSchema(message).overwrite(toOneLine).trim();

/** What a person types over several lines (a note, a bio), tidied and trimmed before any length rule. */
export const multilineTextSchema = (message?: string) => textSchema(message).overwrite(toPlainText).trim();

/** A value that must arrive exactly as sent (a password, a token, a key): refused, never altered. */
export const exactTextSchema = (message?: string) => textSchema(message).refine(isCleanExact, { message: TEXT_MESSAGES.invalid, abort: true });
