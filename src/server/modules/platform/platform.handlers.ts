import { legacyRouter } from '../../lib/router';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { issueCsrfToken } from '../../middleware/csrf';
import { configRoute, csrfTokenRoute, healthRoute } from './platform.routes';

export function platformRouter(deps: { database: Database; env: Env }) {
  const app = legacyRouter();
  const config = {
    googleEnabled: Boolean(deps.env.google),
    appUrl: deps.env.appUrl,
    environment: deps.env.nodeEnv,
    payments: deps.env.stripe ? ('stripe' as const) : ('sandbox' as const),
    supportEmail: deps.env.supportEmail ?? null,
  };

  app.openapi(healthRoute, async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'error' as const, database: 'error' as const }, 503);
    }
  });
  app.openapi(csrfTokenRoute, (c) => c.json(issueCsrfToken(c), 200));
  app.openapi(configRoute, (c) => c.json(config, 200));
  return app;
}
