import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages';
import { emailProblem, signInPasswordProblem } from './rules';
import { emailSchema, signInSchema } from './schemas';

const ADDRESSES = [
  'ada@example.com',
  '  Ada.Lovelace@Example.COM ',
  "o'brien+fit@mail.example.org",
  'ada@example',
  'ada@@example.com',
  '.ada@example.com',
  'ada..l@example.com',
  'ada@-example.com',
  '',
  ' ',
  'ada example@x.io',
];

describe('the sign-in rules the browser checks', () => {
  it('refuse exactly the addresses the server refuses, with its message', () => {
    for (const address of ADDRESSES) {
      const server = emailSchema.safeParse(address);
      expect(emailProblem(address), address).toBe(server.success ? undefined : server.error.issues[0]?.message);
    }
    expect(emailProblem('ada@example')).toBe(AUTH_MESSAGES.email);
  });

  it('ask for a password as the server does', () => {
    for (const password of ['', 'x', ' ']) {
      const server = signInSchema.safeParse({ email: 'ada@example.com', password });
      expect(signInPasswordProblem(password), JSON.stringify(password)).toBe(server.success ? undefined : server.error.issues[0]?.message);
    }
  });
});
