import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE } from './src/web/lib/service-worker.ts';

const apiOrigin = 'http://127.0.0.1:3000';
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * Brotli and gzip twins of every text file of the build, at the strongest settings: the server sends them as they are,
 * so no request pays for compression. A twin that would not be smaller is left out.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After the files are written (the public folder is copied before), and only when the build succeeded.
    writeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
          if (!/\.(html|js|mjs|css|svg|json|txt|wasm)$/.test(name)) continue;
          const file = path.join(outDir, name);
          const data = fs.readFileSync(file);
          const twins = {
            br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz: gzipSync(data, { level: 9 }),
          };
          for (const [ext, twin] of Object.entries(twins)) if (twin.length < data.length) fs.writeFileSync(`${file}.${ext}`, twin);
        }
      },
    },
  };
}

/**
 * The public pages' first frame, in each language (ADR 042): after the browser build, the same app is built for Node
 * (`prerender.tsx`) and rendered for a guest; the server writes each page's markup into its index.html and the browser
 * takes it over (hydrates) instead of drawing the page anew. The markup goes where the manifest is, which the server
 * reads and does not serve.
 */
function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the browser's files are written, and only when that build succeeded.
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const nodeDir = path.join(outDir, '..', 'web-prerender');
        try {
          await build({ configFile: config.configFile, mode: config.mode, logLevel: 'warn', build: { ssr: 'prerender.tsx', outDir: nodeDir, emptyOutDir: true, manifest: false } });
          const { prerenderPages } = (await import(pathToFileURL(path.join(nodeDir, 'prerender.js')).href)) as { prerenderPages: () => Promise<Record<string, string>> };
          fs.writeFileSync(path.join(outDir, '.vite', 'prerendered.json'), JSON.stringify(await prerenderPages()));
        } finally {
          fs.rmSync(nodeDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * The installable app (ADR 023): the manifest, its icons drawn from favicon.svg at build time, and a Workbox service
 * worker that precaches the whole build (every route's chunk, both languages) and keeps the API's GET answers for when
 * the network fails. The signed-in frame registers it (web/lib/service-worker.ts), so a first visit to the landing page
 * loads none of it.
 */
function installableApp() {
  // The brand's orange fills the square icons a launcher crops (maskable) or rounds itself (Apple).
  const square = { padding: 0.3, resizeOptions: { background: '#f97316' } };
  return VitePWA({
    injectRegister: false,
    // A new version waits until every window of the old one is closed: a reload never interrupts a workout.
    registerType: 'prompt',
    manifest: {
      id: '/app',
      name: 'FitForge',
      short_name: 'FitForge',
      description: 'AI workout plans, workout logging with streaks, calorie tracking and a community.',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      // The light theme's page colour (web/lib/theme.ts); the page's own theme-color meta follows the chosen theme.
      theme_color: '#fafafa',
      background_color: '#fafafa',
    },
    pwaAssets: {
      image: 'public/favicon.svg',
      preset: { transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] }, maskable: { sizes: [512], ...square }, apple: { sizes: [180], ...square } },
      overrideManifestIcons: true,
      // index.html carries a theme-color per colour scheme, kept by the theme switch.
      injectThemeColor: false,
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,json,txt}'],
      // Pages are the web app's: any navigation is index.html, offline too. The server's own pages are not.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          // What the signed-in pages read, answered from the last good answer when the network fails (offline), never
          // in place of an answer the server gives. The anti-forgery token and the health check must be live.
          urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/csrf-token' && url.pathname !== '/api/health',
          handler: 'NetworkFirst',
          options: {
            cacheName: API_CACHE,
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  // The prerender's build for Node (above) needs the app alone.
  plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), installableApp(), precompress(), prerender()],
  build: {
    outDir,
    emptyOutDir: true,
    // Which file each source module became: the server names a page's texts in its HTML (server/lib/page-html.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // Apart from the form library: the sign-in page uses the one without the other (ADR 037).
            { name: 'zod', test: /node_modules[\\/](zod|@standard-schema)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/sandbox': { target: apiOrigin, changeOrigin: false },
    },
  },
}));
