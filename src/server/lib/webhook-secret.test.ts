import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveWebhookSecret } from './webhook-secret';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-whsec-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('webhook secret', () => {
  it('uses the configured one', () => {
    expect(resolveWebhookSecret('whsec_configured', tmp())).toBe('whsec_configured');
  });

  it('makes one once and keeps it in the data folder, readable by the owner only', () => {
    const dir = tmp();
    const first = resolveWebhookSecret(undefined, dir);
    expect(first).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(resolveWebhookSecret(undefined, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'stripe-webhook-secret')).mode & 0o777).toBe(0o600);
  });
});
