// The floor of any Hono app: Hono on @hono/node-server with one route answering what raw-server.mjs answers. The
// distance from raw to this row is the framework's own; the distance from this row to FitForge's rows is ours.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ status: 'ok' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`listening ${info.port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
