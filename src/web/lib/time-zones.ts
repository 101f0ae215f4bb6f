import { intlLocale, type Locale } from './locale';

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const cache = new Map<Locale, { value: string; label: string }[]>();

/** Every IANA zone the browser knows, labelled with its current UTC offset ("Europe/Berlin · GMT+1"). */
export function timeZoneOptions(locale: Locale, ensure: string[] = []): { value: string; label: string }[] {
  let options = cache.get(locale);
  if (!options) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
    if (!zones.includes('UTC')) zones = ['UTC', ...zones];
    const now = new Date();
    options = zones.map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} · ${offsetOf(zone, locale, now)}` }));
    cache.set(locale, options);
  }
  const missing = ensure.filter((zone) => zone && !options.some((o) => o.value === zone));
  return missing.length ? [...missing.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })), ...options] : options;
}

function offsetOf(zone: string, locale: Locale, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}
