import { useLayoutEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '#core/common/locales';
import { DEFAULT_LOCALE, browserLocale, isLocale } from '#web/lib/locale';

/**
 * Everything lives under /{locale}/. A two-letter segment we do not speak becomes 'en'; a path without a locale
 * segment gets the visitor's language in front.
 */
export function LocaleLayout() {
  const { locale } = useParams();
  const { pathname, search, hash } = useLocation();
  const { i18n } = useTranslation();

  useLayoutEffect(() => {
    if (!isLocale(locale)) return;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = htmlLang(locale);
  }, [locale, i18n]);

  if (!isLocale(locale)) {
    const segments = pathname.split('/');
    const first = segments[1] ?? '';
    if (/^[a-zA-Z]{2}$/.test(first)) segments[1] = isLocale(first.toLowerCase()) ? first.toLowerCase() : DEFAULT_LOCALE;
    else segments.splice(1, 0, browserLocale());
    return <Navigate to={`${segments.join('/')}${search}${hash}`} replace />;
  }
  return (
    <>
      {/* New pages start at the top (or at their #anchor); back and forward restore the old position. */}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
