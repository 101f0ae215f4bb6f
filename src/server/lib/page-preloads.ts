import fs from 'node:fs';
import path from 'node:path';
import { type PageName, pageAt } from '#core/common/pages';
import { LOCALES, type Locale } from '#core/common/schemas';

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json), keyed by source path under src/web. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The modules of the web app a public page loads on arrival besides index.html's own: its language's texts, then its
 * route's chunk. The browser would find them one after the other (the entry asks for the texts, the router for the
 * route once the texts are in, the route for its libraries); named in the page, they download in parallel with the
 * entry. The signed-in pages are left out: they wait for the session before they load anything else.
 */
const PAGE_MODULES: Partial<Record<PageName, readonly string[]>> = {
  landing: [],
  pricing: ['app/routes/pricing.tsx'],
  terms: ['i18n/legal.{locale}.json', 'app/routes/legal.tsx'],
  privacy: ['i18n/legal.{locale}.json', 'app/routes/legal.tsx'],
  refundPolicy: ['i18n/legal.{locale}.json', 'app/routes/legal.tsx'],
  help: ['i18n/legal.{locale}.json', 'app/routes/legal.tsx'],
  signUp: ['app/routes/auth.tsx'],
  signIn: ['app/routes/auth.tsx'],
  forgotPassword: ['app/routes/auth.tsx'],
  resetPassword: ['app/routes/auth.tsx'],
  twoFactor: ['app/routes/auth.tsx'],
  authCallback: ['app/routes/auth.tsx'],
};

/** The texts every page of a language shows first (web/i18n). */
const PAGE_TEXTS = 'i18n/{locale}.json';

/**
 * Makes the index.html of each page: the built one with `<link rel="modulepreload">` for the chunks the page will ask
 * for (each with the chunks it imports, less those index.html already names). A module missing from the manifest is a
 * build that does not match this table: the server refuses to start rather than serve pages that load slowly unnoticed.
 */
export function pageHtml(webDir: string, indexHtml: string): (pathname: string) => string {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`The web build has no module ${key}: rebuild it (npm run build:web)`);
    return found;
  };
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key)) continue;
      into.add(key);
      closure(chunk(key).imports ?? [], into);
    }
    return into;
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loaded = closure(entry);

  const pages = new Map<string, string>();
  for (const locale of LOCALES) {
    for (const page of Object.keys(PAGE_MODULES) as PageName[]) {
      const modules = [PAGE_TEXTS, ...PAGE_MODULES[page]!].map((key) => key.replace('{locale}', locale));
      const links = [...closure(modules)]
        .filter((key) => !loaded.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${chunk(key).file}">`)
        .join('\n    ');
      pages.set(`${locale}/${page}`, indexHtml.replace('</head>', `  ${links}\n  </head>`));
    }
  }
  return (pathname) => {
    const locale = pathname.split('/')[1] as Locale;
    const page = pageAt(pathname);
    return (page && pages.get(`${locale}/${page}`)) ?? indexHtml;
  };
}
