import type { Locale } from '#web/lib/locale';

/**
 * The message catalogues by language (ADR 022), each a chunk of its own: a page that shows messages loads its own
 * language's only, and a switch of language waits for the new one with the texts (the i18n namespace `messages`).
 */
export const MESSAGES_NS = 'messages';

type Catalogue = Record<string, string>;

const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: () => import('#core/messages/catalogue').then((m) => m.MESSAGES),
  zh: () => import('./messages.zh').then((m) => m.MESSAGES_ZH),
};

const loaded: Partial<Record<Locale, Catalogue>> = {};
const loading: Partial<Record<Locale, Promise<Catalogue>>> = {};

/** The catalogue of `locale` once loaded, else undefined. */
export function messageCatalogue(locale: Locale): Catalogue | undefined {
  return loaded[locale];
}

/** Loads the catalogue of `locale` (once). */
export function loadMessageCatalogue(locale: Locale): Promise<Catalogue> {
  loading[locale] ??= loaders[locale]().then((catalogue) => {
    loaded[locale] = catalogue;
    return catalogue;
  });
  return loading[locale];
}
