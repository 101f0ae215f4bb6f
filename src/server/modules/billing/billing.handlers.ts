import { PLAN_CATALOGUE } from '../../../core/billing/catalogue';
import { createRouter } from '../../lib/router';
import { plansRoute } from './billing.routes';

export function billingRouter() {
  const app = createRouter();
  app.openapi(plansRoute, (c) => {
    const locale = c.req.valid('query').locale ?? 'en';
    return c.json(
      PLAN_CATALOGUE.map((p) => ({
        id: p.id,
        name: p.name[locale],
        price: p.priceMonthlyCents / 100,
        priceMonthlyCents: p.priceMonthlyCents,
        priceYearlyCents: p.priceYearlyCents,
        features: p.features.map((f) => f[locale]),
        limitations: p.limitations.map((l) => l[locale]),
        entitlements: p.entitlements,
      })),
      200,
    );
  });
  return app;
}
