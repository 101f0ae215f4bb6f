import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUpSchema } from '#core/auth/schemas';
import { ERROR_CODES } from '#core/errors/catalogue';
import { REQUEST_MESSAGES } from '#core/errors/request';
import { issueMessage, keyOf, MESSAGES, toMessage } from './catalogue';

const core = join(import.meta.dirname, '..');

/** Every source file of src/core that is not a test. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the message catalogue', () => {
  it('holds every message object of src/core, each under one group: its names are the keys', async () => {
    const found: string[] = [];
    for (const file of sources(core)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/^export const (\w+_MESSAGES) = \{/gm)) {
        const texts = (await import(file))[name] as Record<string, string>;
        const [first] = Object.keys(texts);
        const groups = Object.keys(MESSAGES)
          .filter((key) => key.endsWith(`.${first}`))
          .map((key) => key.slice(0, -first.length - 1));
        const group = groups.find((g) => Object.entries(texts).every(([n, text]) => MESSAGES[`${g}.${n}` as keyof typeof MESSAGES] === text));
        expect(group, `${name} in ${relative(core, file)}`).toBeDefined();
        found.push(name);
      }
    }
    // The scan itself found the objects (a renamed convention would otherwise pass unseen).
    expect(found).toEqual(expect.arrayContaining(['PASSWORD_MESSAGES', 'WORKOUT_MESSAGES', 'REQUEST_MESSAGES', 'RATE_LIMIT_MESSAGES']));
    for (const code of Object.keys(ERROR_CODES)) expect(MESSAGES[`error.${code}` as keyof typeof MESSAGES], code).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES].message);
  });

  it('names each message group.name', () => {
    for (const key of Object.keys(MESSAGES)) expect(key).toMatch(/^[a-z][A-Za-z]*\.[A-Za-z][A-Za-z_]*$/);
  });

  it('finds the key of a text, and fills the params of a template', () => {
    expect(keyOf('Invalid email format')).toBe('auth.email');
    expect(keyOf('Something no rule says')).toBeUndefined();
    expect(toMessage(REQUEST_MESSAGES.notFoundWithId, { entity: 'Plan', id: 'p-1' })).toEqual({
      message: 'Plan with id p-1 not found',
      messageKey: 'request.notFoundWithId',
      params: { entity: 'Plan', id: 'p-1' },
    });
  });

  it("keys a zod issue by the rule's text, and zod's own words under zod.<code>", () => {
    const bad = signUpSchema.safeParse({ email: 'not-an-email', password: 'short' });
    const keys = bad.error!.issues.map((issue) => issueMessage(issue).messageKey);
    expect(keys).toEqual(expect.arrayContaining(['auth.email', 'password.min', 'password.uppercase', 'password.number']));
    const own = z.object({ n: z.number() }).safeParse({ n: 'x' }).error!.issues[0];
    expect(issueMessage(own)).toEqual({ message: own.message, messageKey: 'zod.invalid_type' });
  });
});
