import type { Context, TypedResponse } from 'hono';

/** JSON serialised ahead of the request (an answer kept in memory), typed as the value it was made from. */
export type Serialised<T> = string & { readonly serialisedFrom?: T };

/**
 * The answers of a search over data that is code (the food table, the exercise library), serialised once: an answer
 * never changes while the process runs, so the latest `kept` are kept and a repeated search costs a lookup (the least
 * recently asked goes first). People type the same few hundred words, letter by letter.
 */
export function keptAnswers<Q, T>(answer: (query: Q) => T, keyOf: (query: Q) => string, kept = 2000): (query: Q) => Serialised<T> {
  const answers = new Map<string, string>();
  return (query) => {
    const key = keyOf(query);
    let json = answers.get(key);
    if (json !== undefined) {
      answers.delete(key);
    } else {
      json = JSON.stringify(answer(query));
      if (answers.size >= kept) answers.delete(answers.keys().next().value!);
    }
    answers.set(key, json);
    return json;
  };
}

/** Sends a kept answer as it is: the contract's 200, as `c.json(value)` would send it. */
export function sendSerialised<T>(c: Context, json: Serialised<T>): TypedResponse<T, 200, 'json'> {
  return c.body(json, 200, { 'content-type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;
}
