import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { emailSchema, passwordSchema, resetPasswordSchema, signInSchema, signUpSchema } from '#core/auth/schemas';
import { jsonBody } from '#core/common/contract';
import { errorResponses } from '#server/lib/openapi';

/**
 * The /api/auth routes are served by the authentication library, not by zod-openapi routes, so they are described
 * here by hand: the endpoints the web app uses, with the bodies our own validation checks first.
 */
const user = z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean(), twoFactorEnabled: z.boolean().nullish() });
const session = z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() });
const ok = z.object({ status: z.boolean() });
const code = z.object({ code: z.string().min(1), trustDevice: z.boolean().optional() });
const password = z.object({ password: z.string().min(1) });

interface Operation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  body?: z.ZodType;
  response: z.ZodType;
  errors: number[];
}

const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/sign-up/email',
    summary: 'Create an account with email and password; signs it in',
    body: signUpSchema,
    response: z.object({ token: z.string().nullable(), user }),
    errors: [400, 409, 429],
  },
  {
    method: 'post',
    path: '/sign-in/email',
    summary: 'Sign in; answers { twoFactorRedirect: true } when a code is needed next',
    body: signInSchema,
    response: z.union([z.object({ token: z.string(), user }), z.object({ twoFactorRedirect: z.literal(true) })]),
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/sign-in/social',
    summary: 'Start Google sign-in (only when configured); answers the provider URL',
    body: z.object({ provider: z.literal('google'), callbackURL: z.string(), errorCallbackURL: z.string().optional() }),
    response: z.object({ url: z.string(), redirect: z.boolean() }),
    errors: [400, 404, 429],
  },
  { method: 'post', path: '/sign-out', summary: 'Sign out this browser', response: z.object({ success: z.boolean() }), errors: [] },
  { method: 'get', path: '/get-session', summary: 'The current session and user, or null', response: z.object({ session, user }).nullable(), errors: [] },
  {
    method: 'post',
    path: '/request-password-reset',
    summary: 'Email a password-reset link (answers the same whether or not the account exists)',
    body: z.object({ email: emailSchema, redirectTo: z.string().optional() }),
    response: ok,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/reset-password',
    summary:
      'Set a new password with the token from the emailed link; the link emailed at sign-up to an address of MODERATOR_EMAILS also takes the account over and signs its owner in (signedIn: true)',
    body: resetPasswordSchema,
    response: z.object({ status: z.boolean(), signedIn: z.boolean().optional() }),
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/change-password',
    summary: 'Change the password of the signed-in user',
    body: z.object({ currentPassword: z.string().min(1), newPassword: passwordSchema, revokeOtherSessions: z.boolean().optional() }),
    response: z.object({ token: z.string().nullable(), user }),
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/two-factor/enable',
    summary: 'Start two-factor set-up: the TOTP URI and backup codes',
    body: password,
    response: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/two-factor/verify-totp',
    summary: 'Check an authenticator code (finishes set-up, or completes a sign-in)',
    body: code,
    response: z.object({ token: z.string(), user }),
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/two-factor/verify-backup-code',
    summary: 'Complete a sign-in with a one-time backup code',
    body: code,
    response: z.object({ token: z.string(), user }),
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/two-factor/generate-backup-codes',
    summary: 'Replace the backup codes',
    body: password,
    response: z.object({ status: z.boolean(), backupCodes: z.array(z.string()) }),
    errors: [400, 401, 429],
  },
  { method: 'post', path: '/two-factor/disable', summary: 'Turn two-factor sign-in off', body: password, response: ok, errors: [400, 401, 429] },
];

export function registerAuthDocs(registry: OpenAPIHono['openAPIRegistry']): void {
  for (const op of OPERATIONS) {
    registry.registerPath({
      method: op.method,
      path: `/api/auth${op.path}`,
      tags: ['Auth'],
      summary: op.summary,
      request: op.body ? { body: jsonBody(op.body) } : undefined,
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: op.response } } }, ...errorResponses(...op.errors) },
    });
  }
}
