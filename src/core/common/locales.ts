// Apart from the schemas so the web app can know its languages without loading the validation library.
export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The locale of a path: its first segment if exactly two letters, else 'en'. */
export function localeFromPath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return /^[a-zA-Z]{2}$/.test(first) ? first.toLowerCase() : DEFAULT_LOCALE;
}

/** A language as HTML names it (`<html lang>`, `lang` on an element in another language). */
export function htmlLang(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}
