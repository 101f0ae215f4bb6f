import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locale';

/** The locale the page is shown in (set from the URL by the locale layout). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Builds a path under the current locale: localePath('app/settings') → '/zh/app/settings'. */
export function useLocalePath(): (path?: string) => string {
  const locale = useLocale();
  return (path = '') => `/${locale}${path ? `/${path.replace(/^\//, '')}` : ''}`;
}
