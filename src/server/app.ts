import fs from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { RateLimitKind } from '../core/rate-limit/limits';
import type { EmailSender } from './adapters/email/port';
import type { RateLimitStore } from './adapters/rate-limit/port';
import type { Database } from './db/client';
import type { Env } from './env';
import { AppError } from './lib/app-error';
import type { AppEnv } from './lib/context';
import { envelope, errorHandler } from './lib/error-handler';
import type { ErrorReporter } from './lib/error-reporter';
import type { Logger } from './lib/logger';
import { WEB_DIST_DIR } from './lib/paths';
import { authGuard } from './middleware/auth-guard';
import { csrfProtection } from './middleware/csrf';
import { rateLimit } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { createAuth } from './modules/auth/auth';
import { registerAuthDocs } from './modules/auth/auth.openapi';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRouter } from './modules/billing/billing.handlers';
import { apiDocs } from './modules/platform/api-docs';
import { platformRouter } from './modules/platform/platform.handlers';
import { profileRouter } from './modules/profile/profile.handlers';

export interface AppDeps {
  env: Env;
  database: Database;
  rateLimitStore: RateLimitStore;
  email: EmailSender;
  reporter: ErrorReporter;
  logger: Logger;
  authSecret: string;
}

export function createApp(deps: AppDeps) {
  const { env, database, reporter } = deps;
  const db = database.db;
  const auth = createAuth({ db, env, secret: deps.authSecret, email: deps.email, reporter });
  const limiter = (kind: RateLimitKind) => rateLimit(kind, { store: deps.rateLimitStore, limits: env.rateLimits, trustProxy: env.trustProxy, reporter });
  const guard = authGuard({ auth, db, reporter });
  /** Signed-in API: the auth guard, then the general API limit per user. */
  const signedIn: MiddlewareHandler<AppEnv>[] = [guard, limiter('api')];

  const app = new OpenAPIHono<AppEnv>();
  app.onError(errorHandler(reporter));
  app.use('*', requestContext(deps.logger));
  app.use('*', securityHeaders({ production: env.isProduction }));
  const limitBody = bodyLimit({
    maxSize: env.bodyLimitBytes,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // Only requests that may carry a body: looking for one makes the server build a full Request object.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  app.use('/api/*', csrfProtection());

  app.route('/', platformRouter({ database, env }));
  app.route('/', billingRouter());
  app.route('/api/auth', authRoutes(auth, limiter('auth')));

  for (const prefix of ['/api/me', '/api/me/*']) app.use(prefix, ...signedIn);
  app.route('/', profileRouter({ db, profileLimiter: limiter('profile') }));

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
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'fitforge.session_token' });
  app.route('/', apiDocs());

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'The requested resource was not found');
  });

  mountWebApp(app);
  app.notFound((c) => c.json(envelope(c, new AppError('NOT_FOUND')), 404));
  return { app, auth };
}

/** The built web app: hashed assets cached for a year, every other GET answered with index.html (client routing). */
function mountWebApp(app: OpenAPIHono<AppEnv>) {
  const indexFile = path.join(WEB_DIST_DIR, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built: run `npm run build`.', 503));
    return;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: WEB_DIST_DIR }));
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}

export type App = ReturnType<typeof createApp>['app'];
