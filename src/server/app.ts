import fs from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { pageAt } from '#core/common/pages';
import type { RateLimitKind } from '#core/rate-limit/limits';
import type { AppDeps } from './deps';
import { AppError } from './lib/app-error';
import { requestHeader } from './lib/node-http';
import { SESSION_COOKIE } from './lib/auth-cookies';
import type { AppEnv } from './lib/context';
import { envelope, errorHandler } from './lib/error-handler';
import { pageHtml } from './lib/page-html';
import { WEB_DIST_DIR } from './lib/paths';
import { idempotency, sweepIdempotencyKeys } from './lib/idempotency';
import type { Guards } from './lib/router';
import { authGuard } from './middleware/auth-guard';
import { moderatorGuard } from './middleware/moderator-guard';
import { csrfProtection } from './middleware/csrf';
import { callerIdentity, countRequest, peekRequests, rateLimit, type RateLimitDeps } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { type AddressProof, authRoutes, confirmIdentity, createAuth, createSessionCache, registerAuthDocs, savedLocale, sendAddressProof } from './modules/auth';
import { bodyRouter, deleteBodyPhotos, isBodyPhotoUpload } from './modules/body';
import { billingRouter, cancelForDeletion, expireCancellationIfDue, expireCancellations, webhookRouter, type BillingDeps } from './modules/billing';
import { communityRouter, grantModerators, moderationRouter } from './modules/community';
import { apiDocs, platformRouter } from './modules/platform';
import { deleteUserPhotos, isLabelUpload, kitchenRouter, nutritionPlansRouter, nutritionRouter, releasePhotos, SCAN_UPLOAD_PATH, scansRouter, sweepOrphanPhotos } from './modules/nutrition';
import { plansRouter } from './modules/plans';
import { createProfileCache, profileRouter } from './modules/profile';
import { sandboxModule } from './modules/sandbox';
import { lockWorkoutSummary, refreshWorkoutSummary, workoutsRouter } from './modules/workouts';
import { dataRouter, isImportUpload } from './modules/data';

/**
 * How long a session or a profile stays in memory without being read again; revocations and changes clear them sooner
 * (ADR 015, ADR 019).
 */
const CACHE_TTL_MS = 5 * 60_000;

export function createApp(deps: AppDeps) {
  const { env, database, reporter, photoStorage } = deps;
  const db = database.db;
  const sessions = createSessionCache(database, { ttlMs: CACHE_TTL_MS, maxEntries: 10_000, onError: (e) => reporter.report(e, { source: 'sessions' }) });
  const profiles = createProfileCache(database, { ttlMs: CACHE_TTL_MS, maxEntries: 10_000, onError: (e) => reporter.report(e, { source: 'profiles' }) });
  const mustProve = (email: string) => env.moderatorEmails.includes(email.toLowerCase());
  const auth = createAuth({
    db,
    env,
    secret: deps.authSecret,
    email: deps.email,
    reporter,
    logger: deps.logger,
    onSessionDeleted: sessions.revokeUser,
    onAccountChanged: profiles.drop,
    // MODERATOR_EMAILS makes an account a moderator once its address is proven: at once for an address Google
    // vouches for, else once its owner has chosen the password through the link emailed at sign-up (ADR 026; main.ts
    // grants the proven ones at start).
    onAccountCreated: async (account, pageLocale) => {
      if (!mustProve(account.email)) return;
      if (account.emailVerified) {
        await grantModerators(db, [account.email]);
        return;
      }
      // A mail provider's failure must not fail the sign-up (the account is stored): it is reported, and the owner
      // can still prove the address with "Forgot password", or be given the role with the command.
      const locale = pageLocale ?? (await savedLocale(db, account.id)) ?? 'en';
      await sendAddressProof(auth, { email: deps.email, appUrl: env.appUrl }, account, locale).catch((e) => reporter.report(e, { source: 'address-proof-email' }));
    },
  });
  const addressProof: AddressProof = {
    mustProve,
    onProven: async (account) => {
      await grantModerators(db, [account.email]);
      // The owner's next page reads the profile at once: this instance must not answer the one it had.
      profiles.drop(account.id);
    },
  };
  const limits: RateLimitDeps = { store: deps.rateLimitStore, limits: env.rateLimits, trustProxy: env.trustProxy, reporter };
  const limiter = (kind: RateLimitKind) => rateLimit(kind, limits);
  const billing: BillingDeps = { db, payments: deps.payments, email: deps.email, logger: deps.logger, reporter, appUrl: env.appUrl, supportEmail: env.supportEmail };
  // Billing's expired-cancellation check runs whenever a profile is loaded; the guard does not import billing.
  const guard = authGuard({ auth, secret: deps.authSecret, sessions, profiles, onLoad: async (user) => (await expireCancellationIfDue(billing, user)).user });
  /** What every module's contracts are served with (lib/router.ts): the auth guard, then the general API limit per user. */
  const guards: Guards = { session: guard, moderator: moderatorGuard(guard), apiLimit: limiter('api'), limiter, idempotency: idempotency(db) };

  const app = new OpenAPIHono<AppEnv>();
  app.onError(errorHandler(reporter));
  const context = requestContext(deps.logger, securityHeaders({ production: env.isProduction }));
  app.use('*', context);
  const limitBody = bodyLimit({
    maxSize: env.bodyLimitBytes,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // Only requests that may carry a body: looking for one makes the server build a full Request object.
  // Photo scans, progress photos, label photos (where they are read) and imports carry up to 10 MB and set their own limit.
  const ownLimit = (c: { req: { method: string; path: string } }) =>
    (c.req.method === 'POST' && c.req.path === SCAN_UPLOAD_PATH) ||
    isBodyPhotoUpload(c.req.method, c.req.path) ||
    isImportUpload(c.req.method, c.req.path) ||
    (deps.labelReader !== undefined && isLabelUpload(c.req.method, c.req.path));
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || ownLimit(c)) return next();
    // A declared length is judged from the headers Node parsed (Node reads no more than it declares), so the body is
    // then read straight from the socket; only a chunked body is counted as it streams, through a full Request.
    const length = requestHeader(c, 'content-length');
    if (length === undefined || requestHeader(c, 'transfer-encoding') !== undefined) return limitBody(c, next);
    if (Number(length) > env.bodyLimitBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    return next();
  });
  app.use('/api/*', csrfProtection());

  app.route('/', platformRouter(guards, { database, env }));
  // Signed events and junk are counted apart, so junk from an address cannot use up what signed events need.
  const unsignedLimiter = rateLimit('webhook', limits, (c) => `unsigned:${callerIdentity(c, limits)}`);
  app.route('/', webhookRouter(guards, { ...billing, webhookSecret: deps.webhookSecret, unsignedLimiter }));
  app.route('/', billingRouter(guards, billing));
  app.route('/api/auth', authRoutes(auth, { db, limits, proof: addressProof }));

  app.route(
    '/',
    profileRouter(guards, {
      db,
      me: profiles.me,
      // A wrong password counts against the account's own limit for confirmations, never against its sign-in (ADR 005).
      confirmIdentity: async (c, user, proof) => {
        const counted = await countRequest(c, limits, 'auth', `confirm:${user.authId}`);
        try {
          await confirmIdentity(auth, user.authId, proof);
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'INVALID_CREDENTIALS')) await counted?.release();
          throw error;
        }
        await counted?.release();
      },
      // Billing's rule for this moment of the profile's life; profile does not import billing.
      beforeDelete: (user) => cancelForDeletion(billing, user),
      // Rows go by cascade (sessions too, so they leave every instance's session cache); files of the user's meal
      // and progress photos need removing by name.
      afterDelete: async (user) => {
        await sessions.revokeUser(user.authId);
        await deleteUserPhotos(photoStorage, user.id).catch((e) => reporter.report(e, { userId: user.id, source: 'delete-photos' }));
        await deleteBodyPhotos(photoStorage, user.id).catch((e) => reporter.report(e, { userId: user.id, source: 'delete-body-photos' }));
      },
    }),
  );

  const community = { db, email: deps.email, reporter, appUrl: env.appUrl, autoHideReports: env.autoHideReports };
  app.route('/', communityRouter(guards, community));
  app.route('/', moderationRouter(guards, community));

  app.route('/', workoutsRouter(guards, { db }));

  app.route('/', bodyRouter(guards, { db, storage: photoStorage }));

  // The import writes workouts: the workouts module's summary lock and rewrite go with it.
  app.route('/', dataRouter(guards, { db, reporter, workoutSummary: { lock: lockWorkoutSummary, refresh: refreshWorkoutSummary } }));

  app.route(
    '/',
    plansRouter(guards, {
      db,
      generator: deps.planGenerator,
      logger: deps.logger,
      reporter,
      aiLeft: (c) => peekRequests(c, limits, 'ai'),
    }),
  );

  const onEntriesDeleted = (rows: { photoKey: string | null }[]) =>
    releasePhotos(
      db,
      photoStorage,
      rows.map((r) => r.photoKey),
    ).catch((e) => reporter.report(e, { source: 'release-photos' }));
  app.route('/', nutritionRouter(guards, { db, onEntriesDeleted }));
  app.route('/', kitchenRouter(guards, { db, productLookup: deps.productLookup, labelReader: deps.labelReader }));
  app.route('/', nutritionPlansRouter(guards, { db, planner: deps.nutritionPlanner, logger: deps.logger, reporter }));
  app.route('/', scansRouter(guards, { db, vision: deps.vision, storage: photoStorage, logger: deps.logger, reporter }));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'FitForge API',
      version: '1.0.0',
      description:
        'Every write needs the x-csrf-token header equal to the csrf-token cookie (GET /api/csrf-token). ' +
        'Signed-in calls carry the session cookie set by /api/auth. Errors use the ErrorEnvelope schema.',
    },
  });
  registerAuthDocs(app.openAPIRegistry);
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE });
  app.route('/', apiDocs());

  // With the sandbox provider: its hook, pages and events (sent through the whole app, as Stripe's come); else 404s.
  const sandbox = sandboxModule(guards, { ...billing, deliver: async (request) => app.fetch(request) });
  app.route('/', sandbox.router);

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });

  mountWebApp(app);
  app.notFound((c) => c.json(envelope(c, new AppError('NOT_FOUND')), 404));
  return {
    app,
    auth,
    /** The scheduled job of billing (hourly in main.ts, and `npm run jobs:expire-cancellations`). */
    expireCancellations: () => expireCancellations(billing),
    /** Removes meal photos nobody will see again (hourly in main.ts). */
    sweepPhotos: () => sweepOrphanPhotos(db, photoStorage),
    /** Forgets Idempotency-Keys older than a day (hourly in main.ts). */
    sweepIdempotencyKeys: () => sweepIdempotencyKeys(db),
    /** Logs the counts of the API requests not yet logged (main.ts, when the server stops). */
    flushRequestLog: context.flush,
    /** With the sandbox provider: its retry of events the app did not accept (every minute in main.ts). */
    redeliverSandboxEvents: sandbox.redeliverEvents,
  };
}

/**
 * The built web app. Files go out as the build compressed them (brotli or gzip, as the browser accepts); hashed assets
 * are cached for a year, everything else is checked on each use. Any other GET is answered with the page's
 * index.html (client routing): its language, its first frame where the build drew one, the texts it will show
 * (page-html.ts), with a 404 status where the app will show its "not found" page.
 */
function mountWebApp(app: OpenAPIHono<AppEnv>) {
  const indexFile = path.join(WEB_DIST_DIR, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built: run `npm run build`.', 503));
    return;
  }
  const htmlFor = pageHtml(WEB_DIST_DIR, fs.readFileSync(indexFile, 'utf8'));
  const serveFile = serveStatic({ root: WEB_DIST_DIR, precompressed: true });
  app.use('*', async (c, next) => {
    // The build's own records (Vite's manifest under .vite/) are the server's, not the web's.
    if (c.req.path.includes('/.')) return next();
    const file = await serveFile(c, next);
    // Not a file: the next handler has answered.
    if (!(file instanceof Response)) return;
    // The same URL answers compressed or not depending on the request: shared caches must keep the two apart.
    if (!/accept-encoding/i.test(file.headers.get('vary') ?? '')) file.headers.append('vary', 'Accept-Encoding');
    file.headers.set('cache-control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    return file;
  });
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    const query = c.req.url.indexOf('?');
    return c.html(htmlFor(c.req.path, query < 0 ? '' : c.req.url.slice(query)), pageAt(c.req.path) ? 200 : 404);
  });
}

export type App = ReturnType<typeof createApp>['app'];
