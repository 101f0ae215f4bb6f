import fs from 'node:fs';
import path from 'node:path';
import { type PageName, PAGES, pageAt } from '#core/common/pages';
import { htmlLang, LOCALES, type Locale } from '#core/common/locales';

/**
 * The texts a page of the web app waits for before its first render, as source paths under src/web (web/i18n): every
 * page its language's shared texts, the policy pages their long ones too. The entry asks for them only once it runs;
 * named in the page, they download with it. Route chunks are not named: downloading them beside the entry made the
 * sign-in page's first paint and main thread later than it gained (ADR 037).
 */
function textsOf(page: PageName): string[] {
  const legal: PageName[] = ['terms', 'privacy', 'refundPolicy', 'help'];
  return legal.includes(page) ? ['i18n/{locale}.json', 'i18n/legal.{locale}.json'] : ['i18n/{locale}.json'];
}

/** One of the records the web build leaves beside its files, in `.vite/` (not served). */
function buildRecord<T>(webDir: string, file: string): T {
  const at = path.join(webDir, '.vite', file);
  if (!fs.existsSync(at)) throw new Error(`The web build has no ${file}: rebuild it (npm run build:web)`);
  return JSON.parse(fs.readFileSync(at, 'utf8')) as T;
}

/**
 * A page with its first frame: the scripts that take it over come after what paints it (the styles, the theme), where
 * on a page drawn by its scripts they come first.
 */
function drawn(html: string, frame: string): string {
  return html
    .replace('<div id="root"></div>', `<div id="root">${frame}</div>`)
    .replaceAll('<script type="module" crossorigin ', '<script type="module" crossorigin fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" crossorigin ', '<link rel="modulepreload" crossorigin fetchpriority="low" ');
}

/**
 * Makes the index.html of each page and language from the built one:
 * - its language on `<html lang>`, so the first paint already reads and is read aloud in it;
 * - for the public pages, their first frame as the build drew it for a guest (ADR 042), which the browser takes over;
 * - a `<link rel="modulepreload">` for each chunk of texts the page shows, found in Vite's build manifest.
 * A build without these records, or whose manifest lacks a text, does not match this module: the server refuses to
 * start rather than serve pages that load slowly unnoticed.
 */
export function pageHtml(webDir: string, indexHtml: string): (pathname: string, search: string) => string {
  const manifest = buildRecord<Record<string, { file: string }>>(webDir, 'manifest.json');
  const prerendered = buildRecord<Record<string, string>>(webDir, 'prerendered.json');
  // Per `locale/page`: the page as the browser draws it, and as the build drew it where it did.
  const pages = new Map<string, { html: string; drawn?: string }>();
  for (const locale of LOCALES) {
    const localized = indexHtml.replace('<html lang="en">', `<html lang="${htmlLang(locale)}">`);
    for (const page of Object.keys(PAGES) as PageName[]) {
      const links = textsOf(page).map((key) => {
        const chunk = manifest[key.replace('{locale}', locale)];
        if (!chunk) throw new Error(`The web build has no module ${key}: rebuild it (npm run build:web)`);
        return `<link rel="modulepreload" crossorigin href="/${chunk.file}">\n`;
      });
      const html = localized.replace('</head>', `${links.join('')}</head>`);
      const frame = prerendered[`${locale}/${page}`];
      pages.set(`${locale}/${page}`, { html, drawn: frame && drawn(html, frame) });
    }
  }
  // A query changes what a page shows (`?next=` its links, `?plan=` the plan it offers), and the build drew each page
  // without one: such a page is drawn in the browser.
  return (pathname, search) => {
    const locale = pathname.split('/')[1] as Locale;
    const page = pageAt(pathname);
    const found = page && pages.get(`${locale}/${page}`);
    if (!found) return indexHtml;
    return (search === '' && found.drawn) || found.html;
  };
}
