import type { Context, TypedResponse } from 'hono';

/** JSON serialised ahead of the request (an answer kept in memory), typed as the value it was made from. */
export type Serialised<T> = string & { readonly serialisedFrom?: T };

/**
 * The answers of a search over data that is code (the food table, the exercise library), serialised once: an answer
 * never changes while the process runs, so the latest are kept, up to `maxChars` characters of JSON in all, and a
 * repeated search costs a lookup (the least recently asked goes first). People type the same few hundred words,
 * letter by letter. The keys come from clients, so what is kept is bounded by its size, not by a count.
 */
export function keptAnswers<Q, T>(answer: (query: Q) => T, keyOf: (query: Q) => string, maxChars = 4_000_000): (query: Q) => Serialised<T> {
  const answers = new Map<string, string>();
  let chars = 0;
  return (query) => {
    const key = keyOf(query);
    const kept = answers.get(key);
    if (kept !== undefined) {
      answers.delete(key);
      answers.set(key, kept);
      return kept;
    }
    const json = JSON.stringify(answer(query));
    answers.set(key, json);
    chars += key.length + json.length;
    for (const [oldKey, oldJson] of answers) {
      if (chars <= maxChars) break;
      answers.delete(oldKey);
      chars -= oldKey.length + oldJson.length;
    }
    return json;
  };
}

/** Sends a kept answer as it is: the contract's 200, as `c.json(value)` would send it. */
export function sendSerialised<T>(c: Context, json: Serialised<T>): TypedResponse<T, 200, 'json'> {
  return c.body(json, 200, { 'content-type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;
}
