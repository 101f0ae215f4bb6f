import fs from 'node:fs';
import path from 'node:path';
import { type PageName, PAGES, pageAt } from '#core/common/pages';
import { LOCALES, type Locale } from '#core/common/schemas';

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

/**
 * Makes the index.html of each page: the built one with a `<link rel="modulepreload">` for each chunk of texts the page
 * shows, found in Vite's build manifest. A text missing from the manifest means a build that does not match this
 * module: the server refuses to start rather than serve pages that load slowly unnoticed.
 */
export function pageHtml(webDir: string, indexHtml: string): (pathname: string) => string {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const pages = new Map<string, string>();
  for (const locale of LOCALES) {
    for (const page of Object.keys(PAGES) as PageName[]) {
      const links = textsOf(page).map((key) => {
        const chunk = manifest[key.replace('{locale}', locale)];
        if (!chunk) throw new Error(`The web build has no module ${key}: rebuild it (npm run build:web)`);
        return `<link rel="modulepreload" crossorigin href="/${chunk.file}">\n`;
      });
      pages.set(`${locale}/${page}`, indexHtml.replace('</head>', `${links.join('')}</head>`));
    }
  }
  return (pathname) => {
    const locale = pathname.split('/')[1] as Locale;
    const page = pageAt(pathname);
    return (page && pages.get(`${locale}/${page}`)) ?? indexHtml;
  };
}
