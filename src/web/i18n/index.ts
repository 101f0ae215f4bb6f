import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, type Locale } from '#web/lib/locale';
import { loadMessageCatalogue, MESSAGES_NS } from './message-catalogues';

// Each language's texts are chunks of their own, fetched when that language is first shown: what every page says
// ('translation': the public pages, sign-in, the shared pieces), the signed-in app's ('app': asked for by its frame,
// so the landing and sign-in pages never load it) and the policy pages' long texts ('legal') only with those pages.
const bundles: Record<Locale, Record<string, () => Promise<{ default: ResourceKey }>>> = {
  en: { translation: () => import('./en.json'), app: () => import('./app.en.json'), legal: () => import('./legal.en.json') },
  zh: { translation: () => import('./zh.json'), app: () => import('./app.zh.json'), legal: () => import('./legal.zh.json') },
};

/** The namespace of the signed-in app's texts; its keys are found from any `t` once it is loaded (fallbackNS). */
export const APP_TEXTS = 'app';
/** What the signed-in frame waits for: the app's texts and the message catalogue its forms and dialogs show. */
export const SIGNED_IN_TEXTS = [APP_TEXTS, MESSAGES_NS];

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    // The message catalogue is asked for by the pages that show messages (`#web/lib/errors`), not kept by i18next.
    if (namespace === MESSAGES_NS) {
      if (!isLocale(language)) return done(new Error(`No messages for ${language}`), false);
      loadMessageCatalogue(language).then(
        () => done(null, {}),
        (error: Error) => done(error, false),
      );
      return;
    }
    const load = bundles[language as Locale]?.[namespace];
    if (!load) return done(new Error(`No texts for ${language}/${namespace}`), false);
    load().then(
      (bundle) => done(null, bundle.default),
      (error: Error) => done(error, false),
    );
  },
};

/** Resolves once the texts of `locale` are loaded, so the first render shows words rather than keys. */
export async function initI18n(locale: Locale): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(backend)
      .use(initReactI18next)
      .init({
        lng: locale,
        // Both languages have every key (i18n.test.ts): no fallback, so a page loads only the texts it shows.
        fallbackLng: false,
        ns: ['translation'],
        defaultNS: 'translation',
        fallbackNS: APP_TEXTS,
        supportedLngs: [...LOCALES],
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  }
  return i18n;
}
