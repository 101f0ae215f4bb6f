import { LOCALES, DEFAULT_LOCALE, type Locale } from '#core/common/locales';

export { LOCALES, DEFAULT_LOCALE, type Locale };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale a visitor without one in the URL gets: Chinese for any zh* browser language, else English. */
export function browserLocale(): Locale {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return languages[0]?.toLowerCase().startsWith('zh') ? 'zh' : DEFAULT_LOCALE;
}

/** BCP 47 tag for Intl formatting. */
export function intlLocale(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en-US';
}

/** The same page in another locale: swaps the first path segment. */
export function switchLocalePath(pathname: string, search: string, hash: string, to: Locale): string {
  const parts = pathname.split('/');
  if (isLocale(parts[1])) parts[1] = to;
  else parts.splice(1, 0, to);
  return `${parts.join('/') || `/${to}`}${search}${hash}`;
}

/** A `next` parameter is followed only to a path of this site. */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next.startsWith('/api/')) return fallback;
  return next;
}
