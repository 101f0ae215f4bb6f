// First: settings a later chunk's libraries read when they load.
import './lib/no-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import './styles.css';
import { initI18n } from './i18n';
import { DEFAULT_LOCALE, browserLocale, isLocale } from './lib/locale';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionQuery } from './features/auth/api/session';

const root = document.getElementById('root')!;
// The public pages come drawn for a guest (ADR 042): the page is taken over as it is when nobody is signed in.
const prerendered = root.firstElementChild !== null;

// Every page shows whether someone is signed in (and the sign-in pages wait for it): asked for while the texts load.
const session = queryClient.fetchQuery(sessionQuery).catch(() => undefined);

// The first render already speaks the URL's language (or the browser's on `/`), with its texts loaded, so no text
// flickers.
const first = window.location.pathname.split('/')[1];
const texts = initI18n(isLocale(first) ? first : /^[a-z]{2}$/i.test(first ?? '') ? DEFAULT_LOCALE : browserLocale());

void Promise.all([texts, prerendered ? session : undefined]).then(([i18n, current]) => {
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Providers>
          {/* A drawn page keeps the scroll the visitor made before the take-over (no jump to the top as it starts). */}
          <RouterProvider router={createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined)} />
        </Providers>
      </I18nextProvider>
    </StrictMode>
  );
  // Someone signed in (or a session not known) sees another page than the one drawn: drawn anew. Taking a page over
  // is a transition, done in slices between which the browser answers input and paints.
  if (prerendered && current === null) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
