import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Hono } from 'hono';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>FitForge API</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;

// Without inline script: the page runs under the same CSP as the web app.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true, withCredentials: true });`;

/**
 * /api/docs: Swagger UI over /api/openapi.json, served from the installed package (no CDN). Its files are found by path
 * and read on request: importing the package would load its whole browser bundle into the server's memory.
 */
export function apiDocs() {
  const { resolve } = createRequire(import.meta.url);
  const app = new Hono();
  app.get('/api/docs', (c) => c.html(PAGE));
  app.get('/api/docs/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const body = await fs.readFile(resolve(`swagger-ui-dist/${file}`));
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
  return app;
}
