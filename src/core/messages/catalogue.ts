import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '#core/auth/messages';
import { REFUND_MESSAGES } from '#core/billing/refund';
import { BILLING_MESSAGES } from '#core/billing/messages';
import { CANCEL_MESSAGES, PLAN_CHANGE_MESSAGES, RESUME_MESSAGES } from '#core/billing/transitions';
import { DATE_RANGE_MESSAGES, IDEMPOTENCY_MESSAGES, COMMON_MESSAGES, TEXT_MESSAGES } from '#core/common/messages';
import { BODY_MESSAGES } from '#core/body/messages';
import { DATA_MESSAGES } from '#core/data/messages';
import { IMAGE_MESSAGES } from '#core/common/images';
import { MODERATION_MESSAGES } from '#core/community/moderation/messages';
import { COMMUNITY_MESSAGES } from '#core/community/messages';
import { COACH_MESSAGES } from '#core/coach/messages';
import { ERROR_CODES, type ErrorCode } from '#core/errors/catalogue';
import { REQUEST_MESSAGES } from '#core/errors/request';
import { NUTRITION_PLAN_MESSAGES } from '#core/nutrition/plans/messages';
import { ENERGY_MESSAGES, NUTRITION_MESSAGES } from '#core/nutrition/messages';
import { KITCHEN_MESSAGES } from '#core/nutrition/kitchen/messages';
import { SCAN_MESSAGES } from '#core/nutrition/scans/messages';
import { PLANS_API_MESSAGES, PLAN_INPUT_MESSAGES } from '#core/plans/messages';
import { PROFILE_MESSAGES } from '#core/profile/messages';
import { RATE_LIMIT_MESSAGES } from '#core/rate-limit/limits';
import { WORKOUT_MESSAGES } from '#core/workouts/messages';
import { formatMessage, type Message, type MessageParams } from './format';

export { formatMessage, type Message, type MessageParams } from './format';

type Grouped<G extends string, T extends Record<string, string>> = { readonly [N in keyof T & string as `${G}.${N}`]: T[N] };

/** A feature's messages under its group: `{ min: '…' }` in group 'password' is the key 'password.min'. */
function group<const G extends string, T extends Record<string, string>>(name: G, texts: T): Grouped<G, T> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${name}.${key}`, text])) as Grouped<G, T>;
}

const errorTexts = Object.fromEntries(Object.entries(ERROR_CODES).map(([code, entry]) => [code, entry.message])) as { [C in ErrorCode]: (typeof ERROR_CODES)[C]['message'] };

/**
 * The English catalogue: every message the server or a shared schema can give a person, by its key (ADR 022). The
 * texts stay where their rules are (each feature's `*_MESSAGES`, the error codes); this only names them. The Chinese
 * catalogue (`src/web/i18n/messages.zh.ts`) has the same keys.
 */
export const MESSAGES = {
  ...group('error', errorTexts),
  ...group('request', REQUEST_MESSAGES),
  ...group('common', COMMON_MESSAGES),
  ...group('text', TEXT_MESSAGES),
  ...group('dateRange', DATE_RANGE_MESSAGES),
  ...group('idempotency', IDEMPOTENCY_MESSAGES),
  ...group('rateLimit', RATE_LIMIT_MESSAGES),
  ...group('auth', AUTH_MESSAGES),
  ...group('password', PASSWORD_MESSAGES),
  ...group('profile', PROFILE_MESSAGES),
  ...group('billing', BILLING_MESSAGES),
  ...group('refund', REFUND_MESSAGES),
  ...group('planChange', PLAN_CHANGE_MESSAGES),
  ...group('cancel', CANCEL_MESSAGES),
  ...group('resume', RESUME_MESSAGES),
  ...group('community', COMMUNITY_MESSAGES),
  ...group('moderation', MODERATION_MESSAGES),
  ...group('plan', PLAN_INPUT_MESSAGES),
  ...group('plansApi', PLANS_API_MESSAGES),
  ...group('workout', WORKOUT_MESSAGES),
  ...group('nutrition', NUTRITION_MESSAGES),
  ...group('nutritionPlan', NUTRITION_PLAN_MESSAGES),
  ...group('kitchen', KITCHEN_MESSAGES),
  ...group('scan', SCAN_MESSAGES),
  ...group('image', IMAGE_MESSAGES),
  ...group('body', BODY_MESSAGES),
  ...group('energy', ENERGY_MESSAGES),
  ...group('data', DATA_MESSAGES),
  ...group('coach', COACH_MESSAGES),
};

export type MessageKey = keyof typeof MESSAGES;
/** Any English text of the catalogue (a template where it names params). */
export type MessageText = (typeof MESSAGES)[MessageKey];

let keysByText: Map<string, MessageKey> | undefined;

/**
 * The key of a text of the catalogue, for what arrives as text only: a zod issue (in the server and in the browser)
 * or a constant the code throws. Texts shared by several keys have one translation (catalogue.test.ts), so the first
 * key stands for all.
 */
export function keyOf(text: string): MessageKey | undefined {
  if (!keysByText) {
    keysByText = new Map();
    for (const [key, value] of Object.entries(MESSAGES) as [MessageKey, string][]) if (!keysByText.has(value)) keysByText.set(value, key);
  }
  return keysByText.get(text);
}

/** A text of the catalogue as it travels: its key, and its braces filled with `params`. */
export function toMessage(text: MessageText, params?: MessageParams): Message {
  return { message: params ? formatMessage(text, params) : text, messageKey: keyOf(text)!, ...(params ? { params } : {}) };
}

/**
 * A zod issue as a message: the catalogue's key for a rule's own text; zod's own text keeps the key `zod.<code>`,
 * which no catalogue holds, so a client shows it as it is. Unknown keys are named, as zod names them.
 */
export function issueMessage(issue: { code: string; message: string; keys?: readonly string[] }): Message {
  const key = keyOf(issue.message);
  if (key) return { message: issue.message, messageKey: key };
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    const keys = issue.keys.map((name) => `"${name}"`).join(', ');
    return { message: issue.message, messageKey: issue.keys.length > 1 ? 'request.unrecognizedKeys' : 'request.unrecognizedKey', params: { keys } };
  }
  return { message: issue.message, messageKey: `zod.${issue.code}` };
}
