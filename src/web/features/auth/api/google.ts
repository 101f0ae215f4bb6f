import type { AppConfig } from '#core/common/platform.contract';
import { localeFromPath } from '#core/common/locales';

/**
 * Where Google sends the browser back: /{locale}/auth/callback, the locale being the page's first path segment when
 * it has exactly two letters (else 'en'), on the production origin in production and on this page's origin elsewhere.
 */
export function googleCallbackUrl(config: Pick<AppConfig, 'appUrl' | 'environment'>, location: Pick<Location, 'origin' | 'pathname'>): string {
  const locale = localeFromPath(location.pathname);
  const base = config.environment === 'production' ? config.appUrl.replace(/\/+$/, '') : location.origin;
  return `${base}/${locale}/auth/callback`;
}
