import { describe, expect, it } from 'vitest';
import { keptAnswers } from './kept-answers';

describe('keptAnswers', () => {
  it('answers a repeated search from memory, as the same JSON, and forgets the least recently asked first', () => {
    const asked: string[] = [];
    const search = keptAnswers(
      (q: string) => {
        asked.push(q);
        return { items: [q.toUpperCase()] };
      },
      (q) => q,
      // Room for two answers and their keys (about 22 characters each), not three.
      50,
    );
    expect(JSON.parse(search('egg'))).toEqual({ items: ['EGG'] });
    expect(search('egg')).toBe('{"items":["EGG"]}');
    search('rice');
    search('egg'); // egg is now the most recent: rice goes first
    search('oats');
    search('egg');
    search('rice');
    expect(asked).toEqual(['egg', 'rice', 'oats', 'rice']);
  });
});
