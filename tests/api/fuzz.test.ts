import { claimListedAddress } from '../support/mail';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMessage, MESSAGES, type MessageKey, type MessageParams } from '#core/messages/catalogue';
import { RATE_LIMIT_KINDS } from '#core/rate-limit/limits';
import { pathOf, subscribe } from '../support/billing';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from '../support/test-app';

/**
 * Hostile input against every operation of the OpenAPI document and the auth routes, from a fixed seed: whatever a
 * client sends, the answer is never a 5xx, and every error speaks the envelope.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
};
type Param = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema: Schema };
type Operation = { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } };

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20_261_125);
const pick = <T>(list: readonly T[], n: number): T[] => [...list].sort(() => random() - 0.5).slice(0, n);

const pollution = () => JSON.parse('{"__proto__":{"isAdmin":true,"tier":"pro"},"constructor":{"prototype":{"polluted":1}}}');
/** Always tried: the values that once reached the database and broke it. */
const ALWAYS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy'];
const HOSTILE: unknown[] = [
  '\udc00\ud800',
  '\u0001\u0007\u001b\u007f\u0085\u009f',
  'line\r\nbreak\u2028\u2029',
  'x'.repeat(20_000),
  '',
  '   ',
  '%00',
  '%ff',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  '😀'.repeat(60),
  '\ufeff\u200b\u202e',
  '9'.repeat(400),
  '-1',
  '2026-02-30',
  null,
  true,
  -1,
  0,
  1.5,
  -1e308,
  1e308,
  2 ** 53 + 1,
  2 ** 31,
  [],
  ['\u0000'],
  {},
  pollution(),
];
const PATH_HOSTILE = ['%00', '%ff', '%ED%A0%80', '%C0%80', 'a%00b', '%E2%80%AE', '..%2F..%2F', 'x'.repeat(3000), '-1', '0'];

/** Percent-encoding that also writes lone surrogates, as the three bytes a careless encoder would send. */
function percentEncode(text: string): string {
  return [...text]
    .map((ch) => {
      const unit = ch.charCodeAt(0);
      if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
        return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
      return encodeURIComponent(ch);
    })
    .join('');
}

function nonNull(s: Schema): Schema {
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return nonNull(variants.find((v) => v.type !== 'null') ?? variants[0]!);
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== 'null') };
  return s;
}

const today = () => new Date().toISOString().slice(0, 10);
const KNOWN: Record<string, () => unknown> = {
  email: () => `fuzz-${randomUUID().slice(0, 8)}@example.com`,
  password: () => 'Str0ngPass',
  newPassword: () => 'N3wStr0ngPass',
  currentPassword: () => 'Str0ngPass',
  timezone: () => 'Europe/Berlin',
  date: today,
  startDate: today,
  endDate: today,
};

/** A plausible value for a schema: enough for a request to pass validation and reach the code behind it. */
function sample(schema: Schema, name = '', ids: Map<string, string> = new Map()): unknown {
  if (KNOWN[name]) return KNOWN[name]();
  const s = nonNull(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (s.type) {
    case 'string': {
      if (s.format === 'uuid') return ids.get(name) ?? randomUUID();
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return today();
      const text = 'Fuzzed text for a field';
      return text.padEnd(s.minLength ?? 0, '.').slice(0, s.maxLength ?? text.length);
    }
    case 'integer':
    case 'number':
      return s.minimum !== undefined ? Math.max(s.minimum, Math.min(1, s.maximum ?? 1)) : Math.min(1, s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}, '', ids));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k] ?? {}, k, ids)]));
    default:
      return 'x';
  }
}

/** Every leaf of a body schema as a path (array items as index 0), a few levels deep. */
function leaves(schema: Schema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const s = nonNull(schema);
  if (depth > 4) return [prefix];
  if (s.type === 'object' && s.properties) return Object.entries(s.properties).flatMap(([k, v]) => leaves(v, [...prefix, k], depth + 1));
  if (s.type === 'array' && s.items) return [prefix, ...leaves(s.items, [...prefix, 0], depth + 1)];
  return [prefix];
}

function setAt(target: unknown, path: (string | number)[], value: unknown, schema: Schema): unknown {
  const root = structuredClone(target) ?? {};
  let node = root as Record<string | number, unknown>;
  let s = nonNull(schema);
  for (const [i, key] of path.entries()) {
    const childSchema = nonNull(typeof key === 'number' ? (s.items ?? {}) : (s.properties?.[key] ?? {}));
    if (i === path.length - 1) {
      Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = sample(childSchema);
      node = node[key] as Record<string | number, unknown>;
    }
    s = childSchema;
  }
  return root;
}

interface Case {
  label: string;
  method: string;
  path: string;
  body?: BodyInit;
  json?: unknown;
  headers?: Record<string, string>;
}

/** The resource a path's id belongs to: the segment before it. */
const resourceOf = (template: string, param: string) => template.split('/').at(template.split('/').indexOf(`{${param}}`) - 1) ?? '';

function buildPath(template: string, params: Param[], ids: Map<string, string>, override: Record<string, string> = {}) {
  let path = template;
  for (const p of params.filter((x) => x.in === 'path')) {
    path = path.replace(`{${p.name}}`, override[p.name] ?? ids.get(resourceOf(template, p.name)) ?? randomUUID());
  }
  return path;
}

function casesFor(method: string, template: string, op: Operation, ids: Map<string, string>): Case[] {
  const params = op.parameters ?? [];
  const query = params.filter((p) => p.in === 'query');
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const multipart = op.requestBody?.content['multipart/form-data']?.schema;
  const baseQuery = Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema, p.name, ids))]));
  const baseBody = jsonSchema ? sample(jsonSchema, '', ids) : undefined;
  const url = (path: string, q: Record<string, string>) => (Object.keys(q).length ? `${path}?${new URLSearchParams(q)}` : path);
  const path = buildPath(template, params, ids);
  const out: Case[] = [];
  const send = (label: string, p: string, extra: Partial<Case> = {}) =>
    out.push({ label, method, path: p, ...(jsonSchema && !('body' in extra) && !('json' in extra) ? { json: baseBody } : {}), ...extra });

  send('valid', url(path, baseQuery));
  const hostile = () => [...ALWAYS, ...pick(HOSTILE, 4)];
  for (const p of params.filter((x) => x.in === 'path')) {
    for (const v of PATH_HOSTILE) send(`path ${p.name}=${v.slice(0, 12)}`, url(buildPath(template, params, ids, { [p.name]: v }), baseQuery));
  }
  for (const p of query) {
    for (const v of [...hostile(), '%00', '%ff', '%ED%A0%80']) {
      const raw = typeof v === 'string' && v.startsWith('%') ? v : percentEncode(typeof v === 'string' ? v : JSON.stringify(v));
      const qs = new URLSearchParams(baseQuery).toString();
      send(`query ${p.name}`, `${path}?${qs ? `${qs}&` : ''}${p.name}=${raw}`);
    }
  }
  send('query junk', `${url(path, baseQuery)}${Object.keys(baseQuery).length ? '&' : '?'}%ff=%00&__proto__[x]=1&a=%ED%A0%80`);
  if (jsonSchema) {
    for (const leaf of leaves(jsonSchema)) {
      if (leaf.length === 0) continue;
      for (const v of hostile()) send(`body ${leaf.join('.')}`, url(path, baseQuery), { json: setAt(baseBody, leaf, v, jsonSchema) });
    }
    const withPollution = Object.assign(pollution(), typeof baseBody === 'object' ? baseBody : {});
    send('body __proto__', url(path, baseQuery), { json: withPollution });
    const raw = (label: string, body: string, type = 'application/json') => send(label, url(path, baseQuery), { body, headers: { 'content-type': type } });
    raw('malformed json', '{"a":');
    raw('json null', 'null');
    raw('json array', '[{"a":1}]');
    raw('json string', '"\\u0000"');
    raw('json huge number', '1e999');
    raw('json huge numbers', JSON.stringify(baseBody).replace(/(":\s*)(-?\d+(\.\d+)?)/g, '$11e999'));
    raw('json escaped NUL', JSON.stringify(baseBody).replace(/"(Fuzzed[^"]*)"/g, '"\\u0000\\ud800"'));
    raw('invalid utf-8', '{"a":"\xff\xfe"}');
    raw('text/plain', JSON.stringify(baseBody), 'text/plain');
    raw('form', 'a=1&b=%00', 'application/x-www-form-urlencoded');
    raw('no content type', JSON.stringify(baseBody), '');
  }
  if (multipart) {
    const form = (fields: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      return f;
    };
    const junk = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2, 3])], { type: 'image/jpeg' });
    send('multipart junk image', path, { body: form({ image: junk, source: 'upload' }) });
    for (const v of [...ALWAYS, '\u0007', 'x'.repeat(5000)]) {
      send('multipart source', path, { body: form({ image: junk, source: v }) });
      send('multipart image as text', path, { body: form({ image: v, source: 'upload' }) });
      send('multipart extra field', path, { body: form({ image: junk, [v || 'k']: v }) });
    }
    send('multipart as json', path, { json: { image: 'x' } });
    send('multipart broken', path, { body: '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\n\u0000', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
  }
  return out;
}

/** Routes the document leaves out but the server answers: more of /api/auth, and the sandbox's hosted pages. */
const idParam: Param = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const EXTRA: [string, string, Operation][] = [
  ['get', '/sandbox/checkout/{id}', { parameters: [idParam] }],
  ['post', '/sandbox/checkout/{id}', { parameters: [idParam] }],
  ['get', '/sandbox/portal/{id}', { parameters: [idParam] }],
  [
    'get',
    '/api/auth/reset-password/{token}',
    {
      parameters: [
        { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'callbackURL', in: 'query', schema: { type: 'string' } },
      ],
    },
  ],
  [
    'get',
    '/api/auth/callback/{provider}',
    {
      parameters: [
        { name: 'provider', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'code', in: 'query', schema: { type: 'string' } },
        { name: 'state', in: 'query', schema: { type: 'string' } },
      ],
    },
  ],
  ['get', '/api/auth/list-sessions', {}],
  ['post', '/api/auth/revoke-session', { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } } } } }],
  ['post', '/api/auth/revoke-other-sessions', {}],
  [
    'post',
    '/api/auth/two-factor/get-totp-uri',
    { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] } } } } },
  ],
  ['get', '/api/auth/error', { parameters: [{ name: 'error', in: 'query', schema: { type: 'string' } }] }],
];

/** Operations that end the session or the subscription go last, each on a client of its own. */
const ownClient = (path: string) => path.startsWith('/api/auth/') || path.startsWith('/api/billing/') || path === '/api/me';

function checkResponse(c: Case, res: TestResponse, failures: string[]) {
  const where = `${c.method} ${c.path.slice(0, 80)} [${c.label}]`;
  if (res.status >= 500) failures.push(`${where} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  if (res.status >= 400 && c.path.startsWith('/api/')) {
    const e = (res.body as { error?: Record<string, unknown> } | null)?.error;
    const ok = typeof e?.code === 'string' && typeof e.message === 'string' && e.statusCode === res.status && typeof e.requestId === 'string' && typeof e.path === 'string';
    if (!ok) failures.push(`${where} → ${res.status} without the envelope: ${JSON.stringify(res.body).slice(0, 200)}`);
    for (const m of e ? [e, ...((e.details as Record<string, unknown>[] | undefined) ?? [])] : []) {
      if (!isKeyed(m)) failures.push(`${where} → ${res.status} a message without its key: ${JSON.stringify(m).slice(0, 200)}`);
    }
  }
}

/**
 * A message a client can translate (ADR 022): a catalogue key whose English, params filled in, is the message sent,
 * or a library's own words under a key that names the library.
 */
function isKeyed(m: Record<string, unknown>): boolean {
  const key = m.messageKey;
  if (typeof key !== 'string' || typeof m.message !== 'string') return false;
  if (/^(zod|http|betterAuth)\./.test(key)) return true;
  return Object.hasOwn(MESSAGES, key) && formatMessage(MESSAGES[key as MessageKey], m.params as MessageParams | undefined) === m.message;
}

let t: TestApp;
const limits = Object.fromEntries(
  RATE_LIMIT_KINDS.flatMap((k) => [
    [`RATE_LIMIT_${k.toUpperCase()}`, '1000000/1m'],
    [`RATE_LIMIT_${k.toUpperCase()}_PAID`, '1000000/1m'],
  ]),
);
// The fuzzing client is a moderator too, so that the moderation routes' code is reached, not only their 404.
const FUZZER = 'fuzz-moderator@example.com';
beforeAll(async () => {
  t = await startTestApp({ ...limits, MODERATOR_EMAILS: FUZZER });
});
afterAll(() => t?.close());

it('no request a client can send gets a 5xx, and every error has the envelope', { timeout: 120_000 }, async () => {
  const pro = t.client();
  await pro.signUp(FUZZER);
  await claimListedAddress(t, pro, FUZZER);
  await subscribe(t, pro, 'pro');
  const doc = (await pro.get('/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  const operations = [...Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => [m, p, op] as [string, string, Operation])), ...EXTRA];
  // Ids of real resources, so that a path id reaches the code behind the 404.
  const ids = new Map<string, string>();
  const remember = (path: string, body: unknown) => {
    const b = body as { id?: unknown; items?: { id?: unknown }[]; scanId?: unknown } | null;
    const id = typeof b?.id === 'string' ? b.id : typeof b?.items?.[0]?.id === 'string' ? b.items[0].id : typeof b?.scanId === 'string' ? b.scanId : undefined;
    const resource = path
      .split('?')[0]!
      .split('/')
      .filter((s) => s && !/^[0-9a-f-]{36}$/.test(s))
      .at(-1);
    if (id && resource && !ids.has(resource)) ids.set(resource, id);
  };
  const ordered = [...operations].sort(([m1, p1], [m2, p2]) => Number(ownClient(p1)) - Number(ownClient(p2)) || Number(m1 === 'delete') - Number(m2 === 'delete'));

  const failures: string[] = [];
  let count = 0;
  const started = performance.now();
  for (const [method, template, op] of ordered) {
    const client: TestClient = ownClient(template) ? t.client() : pro;
    if (client !== pro) await client.signUp();
    for (const c of casesFor(method.toUpperCase(), template, op, ids)) {
      const res = await client.request(c.method, c.path, { json: c.json, body: c.body, headers: c.headers });
      count++;
      if (res.status < 300) remember(c.path, res.body);
      checkResponse(c, res, failures);
    }
  }
  // The sandbox's checkout form, on a session of its own.
  const buyer = t.client();
  await buyer.signUp();
  const checkout = await buyer.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
  const page = pathOf(checkout.body.url);
  for (const field of ['name', 'card', 'expiry', 'cvc', 'promotionCode', 'intent']) {
    for (const v of ['%00', '%ff', '%ED%A0%80', 'x'.repeat(20_000)]) {
      const body = `card=4242424242424242&expiry=12%2F34&cvc=123&${field}=${v}`;
      const c = { label: `form ${field}=${v.slice(0, 12)}`, method: 'POST', path: page };
      checkResponse(c, await buyer.request('POST', page, { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), failures);
      count++;
    }
  }
  // A client that sends garbage where cookies go.
  const stranger = t.client();
  await stranger.fetchCsrf();
  for (const [name, value] of [
    ['fitforge.session_token', '%ff%00'],
    ['fitforge.session_token', '"unterminated'],
    ['fitforge.session_token', 'a.b.c'],
    ['fitforge.session_data', '%ED%A0%80'],
    ['fitforge.two_factor', '\u00ff'],
  ]) {
    stranger.cookies.set(name!, value!);
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/auth/two-factor/verify-totp'],
    ] as const) {
      const res = await stranger.request(method, path, { json: method === 'POST' ? { code: '123456' } : undefined });
      count++;
      checkResponse({ label: `cookie ${name}=${value}`, method, path }, res, failures);
    }
  }
  console.log(`fuzz: ${count} requests over ${operations.length} operations in ${Math.round(performance.now() - started)} ms`);
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  expect(failures.slice(0, 40)).toEqual([]);
});
