import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers for a code: a product as Open Food Facts stores it, or a status, or nothing at all. */
export type OffReply = { product: Record<string, unknown> } | { status: number } | { hang: true };

export interface OpenFoodFactsServer {
  /** The base URL to set as OPENFOODFACTS_URL. */
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Answers for codes; an unknown code answers 404 with status 0, as Open Food Facts does. */
  products: Map<string, OffReply>;
  close(): Promise<void>;
}

/** A small local server answering GET /api/v2/product/{code}.json as Open Food Facts' API v2 does. */
export async function startOpenFoodFactsServer(): Promise<OpenFoodFactsServer> {
  const products = new Map<string, OffReply>();
  const requests: string[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const match = /^\/api\/v2\/product\/(\d+)\.json(?:\?.*)?$/.exec(req.url ?? '');
    const reply = match ? products.get(match[1]) : undefined;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (reply && 'hang' in reply) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if (reply && 'status' in reply) return send(reply.status, { status: 0, status_verbose: 'error' });
    if (!match || !reply) return send(404, { code: match?.[1] ?? '', status: 0, status_verbose: 'product not found' });
    send(200, { code: match[1], status: 1, status_verbose: 'product found', product: reply.product });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    products,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}
