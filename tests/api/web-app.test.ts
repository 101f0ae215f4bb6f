import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '#server/lib/paths';
import { startTestApp, type TestApp } from '../support/test-app';

// The server serves the built web app; `npm test` builds it first.
if (!fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) throw new Error('dist/web is missing: run `npm run build:web` first');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (p: string, headers: Record<string, string> = {}) => t.app.request(`http://localhost${p}`, { headers });

describe('page paths', () => {
  it('answer 200 with the app for every page the web app has, in both locales and without one', async () => {
    const pages = ['/', '/en', '/zh', '/en/pricing', '/zh/terms', '/en/privacy', '/zh/refund-policy', '/en/help', '/zh/sign-in', '/en/auth/callback'];
    const appPages = ['/en/app', '/zh/app/settings', '/en/app/plans/library/some-id', '/zh/app/community/posts/abc/edit', '/en/app/workouts/w1/edit/'];
    // The app adds a missing locale and replaces an unknown one (and matches letters in any case), then shows the page.
    const redirected = ['/pricing', '/fr/pricing', '/EN/Pricing', '/app/nutrition/plans/x'];
    for (const p of [...pages, ...appPages, ...redirected]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(await res.text(), p).toContain('<div id="root"');
    }
  });

  it('answer 404 with the same app (which shows its "not found" page) for paths the web app has no page for', async () => {
    const index = fs.readFileSync(path.join(WEB_DIST_DIR, 'index.html'), 'utf8');
    for (const p of [
      '/en/nope',
      '/zh/nope',
      '/nope',
      '/en/pricing/extra',
      '/zh/app/plans/a/b/c',
      '/en/app/unknown',
      '/en/termsx',
      '/assets/missing.js',
      '/missing.png',
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/%2Evite/manifest.json',
      '/assets/..%2f.vite/manifest.json',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toBe(index);
    }
  });
});

describe('pages', () => {
  const chunks = () => JSON.parse(fs.readFileSync(path.join(WEB_DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const preloads = async (p: string) => [...(await (await get(p)).text()).matchAll(/<link rel="modulepreload" crossorigin (?:fetchpriority="low" )?href="([^"]+)">/g)].map((m) => m[1]!);
  const html = async (p: string) => (await get(p)).text();

  it("name the texts of their language in a modulepreload link, so the browser fetches them with the app's entry", async () => {
    const manifest = chunks();
    const file = (key: string) => `/${manifest[key]!.file}`;
    const index = await preloads('/index.html');
    for (const [p, locale] of [
      ['/en/sign-in', 'en'],
      ['/zh/sign-in', 'zh'],
      ['/zh', 'zh'],
      ['/en/app/settings', 'en'],
    ] as const) {
      const named = await preloads(p);
      expect(named, p).toEqual([...index, file(`i18n/${locale}.json`)]);
    }
    // The policy pages show long texts of their own; a path without a language or a page names nothing more.
    expect(await preloads('/zh/terms')).toEqual([...index, file('i18n/zh.json'), file('i18n/legal.zh.json')]);
    for (const p of ['/', '/pricing', '/en/nope']) expect(await preloads(p), p).toEqual(index);
    for (const href of await preloads('/zh/terms')) expect((await get(href)).status, href).toBe(200);
  });

  it('that a guest may open first come drawn in their language, and the scripts that take them over load after what paints them', async () => {
    for (const [p, lang, heading] of [
      ['/zh/sign-in', 'zh-CN', '欢迎回来'],
      ['/en/sign-in', 'en', 'Welcome back'],
      ['/zh', 'zh-CN', '练得更聪明'],
      ['/en/pricing', 'en', 'Simple plans that grow with you'],
      ['/zh/refund-policy', 'zh-CN', '退款政策'],
    ] as const) {
      const page = await html(p);
      expect(page, p).toContain(`<html lang="${lang}">`);
      expect(page, p).toMatch(new RegExp(`<div id="root"><.*<h1[^>]*>(<span[^>]*>)?${heading}`, 's'));
      expect(page, p).toMatch(/<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-[\w-]+\.js"><\/script>/);
      // Nothing inline: the CSP allows scripts from files only.
      expect(
        page.match(/<script[^>]*>/g)!.every((tag) => /\bsrc="/.test(tag)),
        p,
      ).toBe(true);
      // The form goes out once the page is taken over, never by the browser alone (which would put the password in the URL).
      if (p.endsWith('sign-in')) expect(page, p).toMatch(/<button type="submit"[^>]* disabled=""/);
    }
    // Pages that depend on who asks, or on the query (`?next=` changes the sign-in page's links), or that do not exist:
    // drawn by the browser, with the page's language all the same.
    for (const p of ['/en/app', '/zh/app/settings', '/en/sign-in?next=%2Fen%2Fapp%2Fplans', '/zh/pricing?plan=pro&interval=year', '/en/reset-password', '/en/nope', '/pricing']) {
      const page = await html(p);
      expect(page, p).toContain('<div id="root"></div>');
      expect(page, p).not.toContain('fetchpriority');
    }
    expect(await html('/zh/app')).toContain('<html lang="zh-CN">');
  });
});

describe('static files', () => {
  /** The scripts index.html loads at once (its entry and the chunks it preloads). */
  async function landingScripts(): Promise<string[]> {
    const html = await (await get('/en')).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    return [...new Set(scripts)];
  }

  it('go out brotli-compressed to a browser that accepts it, gzip to one that takes only gzip, plain otherwise', async () => {
    let compressed = 0;
    let plain = 0;
    for (const script of await landingScripts()) {
      const original = fs.readFileSync(path.join(WEB_DIST_DIR, script));
      plain += original.length;
      const br = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.status).toBe(200);
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      // A few bytes gain nothing from compression: those go as they are.
      if (original.length < 100 && !br.headers.get('content-encoding')) {
        compressed += original.length;
        continue;
      }
      expect(br.headers.get('content-encoding'), script).toBe('br');
      expect(br.headers.get('content-type')).toMatch(/javascript/);
      const body = Buffer.from(await br.arrayBuffer());
      expect(brotliDecompressSync(body).equals(original)).toBe(true);
      compressed += body.length;

      // Gzip's header costs more than brotli's: a small file may have a brotli twin and no gzip one.
      const gz = await get(script, { 'accept-encoding': 'gzip' });
      const gzBody = Buffer.from(await gz.arrayBuffer());
      if (fs.existsSync(path.join(WEB_DIST_DIR, `${script}.gz`))) {
        expect(gz.headers.get('content-encoding'), script).toBe('gzip');
        expect(gunzipSync(gzBody).equals(original)).toBe(true);
      } else {
        expect(gz.headers.get('content-encoding'), script).toBeNull();
        expect(gzBody.equals(original)).toBe(true);
      }

      const identity = await get(script);
      expect(identity.headers.get('content-encoding')).toBeNull();
      expect(identity.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Buffer.from(await identity.arrayBuffer()).equals(original)).toBe(true);
    }
    console.log(`[web-app] landing page JS: ${(compressed / 1024).toFixed(1)} KB brotli (${(plain / 1024).toFixed(1)} KB uncompressed)`);
    expect(compressed).toBeLessThan(plain / 3);
  });

  it('include a robots.txt that keeps crawlers to the public pages', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = res.headers.get('content-encoding') === 'br' ? brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString() : await res.text();
    const rules = body.split('\n').filter((line) => /^(user-agent|allow|disallow):/i.test(line));
    expect(rules).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /app', 'Disallow: /en/app', 'Disallow: /zh/app']);
  });

  it('are cached for a year when their name is hashed, and checked on every use otherwise', async () => {
    const [script] = await landingScripts();
    expect((await get(script!)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/index.html', '/favicon.svg', '/en/pricing']) expect((await get(p)).headers.get('cache-control'), p).toBe('no-cache');
  });
});
