import type { PaymentProvider } from '#server/adapters/payments/port';
import { createRouter, type Guards } from '#server/lib/router';
import type { BillingDeps } from '#server/modules/billing';
import { sandboxRouter } from './sandbox.handlers';
import { isSandbox } from './sandbox.provider';

/** The embedded payment provider (ADR 007): the provider itself, and what it adds to the app when it is the one. */
export { createSandboxProvider, type SandboxEvent, type SandboxProvider } from './sandbox.provider';

/**
 * What the sandbox contributes to the app. When it is the payment provider: its renewal hook and hosted pages, its
 * events delivered through the app (`deliver`: the same way in as Stripe's, a signed POST to the webhook), and its
 * retry of events the app did not accept. With any other provider, nothing: no hook, no job, and no pages under
 * /sandbox, which then answers 404 rather than the web app (as any path under it the sandbox does not serve).
 */
export function sandboxModule(guards: Guards, deps: BillingDeps & { payments: PaymentProvider; deliver: (request: Request) => Promise<Response> }) {
  const sandbox = isSandbox(deps.payments) ? deps.payments : null;
  const router = sandbox ? sandboxRouter(guards, { ...deps, payments: sandbox }) : createRouter(guards);
  router.all('/sandbox/*', (c) => c.notFound());
  sandbox?.connect(deps.deliver);
  return {
    router,
    /**
     * The minute job (main.ts): the refunds due to fail fail (their events sent), then the events the app did not
     * accept are sent again. Undefined without the sandbox.
     */
    redeliverEvents: sandbox
      ? async () => {
          await sandbox.failRefundsDue(new Date());
          return sandbox.redeliverPending();
        }
      : undefined,
  };
}
