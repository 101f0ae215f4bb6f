import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model answers to one request. */
export type CannedReply =
  /** The assistant message text (for structured output: the JSON document). */
  | { content: string; delayMs?: number; chunkSize?: number }
  /** An HTTP error, as OpenAI sends it. */
  | { status: number; error: string }
  /** Never answers: for timeouts. */
  | { hang: true };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface OpenAiCompatibleServer {
  /** Base URL to give the provider, ending in /v1. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Sets the reply to every following request. */
  reply(next: CannedReply | ((body: any) => CannedReply)): void;
  close(): Promise<void>;
}

/**
 * A small OpenAI-compatible server (POST /v1/chat/completions, streaming or not) answering with canned content,
 * so the real AI SDK provider runs end to end over HTTP in tests.
 */
export async function startOpenAiCompatibleServer(): Promise<OpenAiCompatibleServer> {
  let replier: (body: any) => CannedReply = () => ({ status: 500, error: 'no reply configured' });
  const requests: RecordedRequest[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : null;
    requests.push({ path: req.url ?? '', headers: req.headers, body });

    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' } }));
      return;
    }
    const reply = replier(body);
    if ('hang' in reply) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: reply.error, type: 'server_error', code: null } }));
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const id = 'chatcmpl-test';
    const created = Math.floor(Date.now() / 1000);
    const model = body?.model ?? 'test-model';
    const usage = { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 };
    if (!body?.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const size = reply.chunkSize ?? 2000;
    send({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (let i = 0; i < reply.content.length; i += size) {
      send({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content: reply.content.slice(i, i + size) }, finish_reason: null }] });
    }
    send({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage });
    res.end('data: [DONE]\n\n');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(next) {
      replier = typeof next === 'function' ? next : () => next;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
