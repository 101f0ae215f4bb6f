// First: settings a later chunk's libraries read when they load.
import './lib/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import './styles.css';
import { initI18n } from './i18n';
import { DEFAULT_LOCALE, browserLocale, isLocale } from './lib/locale';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import { sessionQuery } from './features/auth/api/session';

// Every page shows whether someone is signed in (and the sign-in pages wait for it): asked for while the texts load.
void queryClient.prefetchQuery(sessionQuery);

// The first render already speaks the URL's language (or the browser's on `/`), with its texts loaded, so no text
// flickers.
const first = window.location.pathname.split('/')[1];
void initI18n(isLocale(first) ? first : /^[a-z]{2}$/i.test(first ?? '') ? DEFAULT_LOCALE : browserLocale()).then((i18n) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </I18nextProvider>
    </StrictMode>,
  ),
);
