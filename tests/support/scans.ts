import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestClient, TestResponse } from './test-app';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/images');

/** A meal photo drawn for the tests (see tests/fixtures/images/generate.mjs). */
export const fixture = (name: string): Buffer => fs.readFileSync(path.join(FIXTURES, name));

/** Sends a photo the way the web app does: a multipart form with `image` and `source`. */
export function scan(
  c: TestClient,
  image: Buffer | Uint8Array | string | null,
  opts: { source?: string | null; filename?: string; type?: string; query?: string } = {},
): Promise<TestResponse> {
  const form = new FormData();
  if (typeof image === 'string') form.append('image', image);
  else if (image) form.append('image', new Blob([new Uint8Array(image)], { type: opts.type ?? 'image/jpeg' }), opts.filename ?? 'meal.jpg');
  if (opts.source !== null) form.append('source', opts.source ?? 'upload');
  return c.request('POST', `/api/nutrition/scans${opts.query ?? ''}`, { body: form });
}
