import { describe, expect, it } from 'vitest';
import { createSseParser } from './event-stream';

describe('createSseParser', () => {
  it('returns complete messages and keeps the unfinished tail', () => {
    const parse = createSseParser();
    expect(parse('event: progress\ndata: {"stage":"analysing_input"}\n\nevent: pro')).toEqual([{ event: 'progress', data: '{"stage":"analysing_input"}' }]);
    expect(parse('gress\ndata: {"a":1}\n')).toEqual([]);
    expect(parse('\nevent: plan\r\ndata: line1\r\ndata: line2\r\n\r\n')).toEqual([
      { event: 'progress', data: '{"a":1}' },
      { event: 'plan', data: 'line1\nline2' },
    ]);
  });

  it('names an unnamed message "message" and skips comments', () => {
    const parse = createSseParser();
    expect(parse(': keep-alive\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
