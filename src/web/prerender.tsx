// The build's prerender of the public pages (ADR 042): run once by `vite build`, in Node, never in a browser.
import './lib/no-eval';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { type PageName, PAGES } from '#core/common/pages';
import { LOCALES, type Locale } from '#core/common/locales';
import { initI18n } from './i18n';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionQuery } from './features/auth/api/session';

/** The pages a visitor may open first without being signed in; the others depend on who asks. */
const PRERENDERED: PageName[] = ['landing', 'pricing', 'terms', 'privacy', 'refundPolicy', 'help', 'signUp', 'signIn', 'forgotPassword'];

const handler = createStaticHandler(routes);

async function render(locale: Locale, page: PageName): Promise<string> {
  const i18n = await initI18n(locale);
  await i18n.changeLanguage(locale);
  const context = await handler.query(new Request(`http://localhost/${locale}/${PAGES[page]}`));
  if (context instanceof Response) throw new Error(`/${locale}/${PAGES[page]} redirects: it cannot be prerendered`);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Providers>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </Providers>
      </I18nextProvider>
    </StrictMode>,
    // Whole, in order: a long page is not split into parts revealed by inline scripts, which the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** Each prerendered page's markup in each language, keyed `locale/page`, as main.tsx's first render makes it for a guest. */
export async function prerenderPages(): Promise<Record<string, string>> {
  // A visitor's first render waits for the session (main.tsx): it is one of a guest here.
  queryClient.setQueryData(sessionQuery.queryKey, null);
  const pages: Record<string, string> = {};
  for (const locale of LOCALES) for (const page of PRERENDERED) pages[`${locale}/${page}`] = await render(locale, page);
  return pages;
}
