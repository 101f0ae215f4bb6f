import { describe, expect, it } from 'vitest';
import { exactTextSchema, lineTextSchema, multilineTextSchema } from './text';
import { TEXT_MESSAGES } from './messages';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

describe('text schemas', () => {
  it('refuse a lone surrogate with a field message, and keep a whole one', () => {
    for (const schema of [lineTextSchema(), multilineTextSchema(), exactTextSchema()]) {
      expect(message(schema.safeParse('a\ud800b'))).toEqual([TEXT_MESSAGES.invalid]);
      expect(message(schema.safeParse('\udc00'))).toEqual([TEXT_MESSAGES.invalid]);
      expect(schema.safeParse('Ünïcödé 😀 芒果').success).toBe(true);
    }
  });

  it('tidy what a person types: one line, or lines with only tab and line feed kept', () => {
    expect(lineTextSchema().parse(' Tea\u0000 with\r\nmilk\u009f ')).toBe('Tea with milk');
    expect(multilineTextSchema().parse(' Day 1\r\n\tSquats\u0000 5x5\u0007\r')).toBe('Day 1\n\tSquats 5x5');
  });

  it('refuse, never alter, a control character in a value taken as sent', () => {
    expect(message(exactTextSchema().safeParse('token\u0000'))).toEqual([TEXT_MESSAGES.invalid]);
    expect(message(exactTextSchema().safeParse('pass\tword'))).toEqual([TEXT_MESSAGES.invalid]);
    expect(exactTextSchema().parse(' as sent ')).toBe(' as sent ');
  });
});
