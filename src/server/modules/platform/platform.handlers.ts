import { configContract, csrfTokenContract, healthContract } from '#core/common/platform.contract';
import type { Database } from '#server/db/client';
import type { Env } from '#server/env';
import { createRouter, type Guards } from '#server/lib/router';
import { issueCsrfToken } from '#server/middleware/csrf';
import { databaseCheck } from './database-check';

export function platformRouter(guards: Guards, deps: { database: Database; env: Env }) {
  const app = createRouter(guards);
  const config = {
    googleEnabled: Boolean(deps.env.google),
    appUrl: deps.env.appUrl,
    environment: deps.env.nodeEnv,
    payments: deps.env.stripe ? ('stripe' as const) : ('sandbox' as const),
    supportEmail: deps.env.supportEmail ?? null,
    labelPhotos: Boolean(deps.env.visionModel && deps.env.openai),
  };

  const databaseUp = databaseCheck(deps.database);
  app.handle(healthContract, async (c) =>
    (await databaseUp()) ? c.json({ status: 'ok' as const, database: 'ok' as const }, 200) : c.json({ status: 'error' as const, database: 'error' as const }, 503),
  );
  app.handle(csrfTokenContract, (c) => c.json(issueCsrfToken(c), 200));
  app.handle(configContract, (c) => c.json(config, 200));
  return app;
}
