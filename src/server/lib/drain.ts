import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long nothing must arrive (no connection, no request, counted from the stop at the earliest) before a stopping
 * server stops listening: long enough for a client that connected just before the stop to send its request.
 */
const QUIET_MS = 1_000;
/** Under steady traffic it is never quiet: stop listening after this long anyway. */
const MAX_LISTEN_MS = 5_000;
const POLL_MS = 50;

/**
 * Lets an HTTP server stop without leaving a client unanswered. Closing the listening socket at once resets every
 * connection the kernel has accepted but Node has not taken yet (a burst waits there while the event loop is busy),
 * and refuses clients that connect a moment later. So a stopping server keeps listening: requests in flight finish,
 * every answer carries `Connection: close`, new requests get whatever the caller answers while `stopping` (a 503),
 * connections idle between two requests are closed; once nothing has arrived for a moment it stops listening and
 * waits for the last answers.
 */
export function drainable(server: Server) {
  /** Per open connection: how many requests it has carried, and the answers still being written. */
  const connections = new Map<Socket, { served: number; open: Set<ServerResponse> }>();
  let stopping = false;
  let lastArrival = 0;

  server.on('connection', (socket: Socket) => {
    lastArrival = Date.now();
    connections.set(socket, { served: 0, open: new Set() });
    socket.once('close', () => connections.delete(socket));
  });
  // Before the app's own listener, so the header is set before the app writes its answer.
  server.prependListener('request', (req, res) => {
    lastArrival = Date.now();
    const conn = connections.get(req.socket);
    if (!conn) return;
    conn.served++;
    conn.open.add(res);
    if (stopping) res.setHeader('connection', 'close');
    res.once('close', () => conn.open.delete(res));
  });

  const inFlight = () => [...connections.values()].some((c) => c.open.size > 0);

  return {
    get stopping() {
      return stopping;
    },
    async drain(): Promise<void> {
      stopping = true;
      lastArrival = Date.now();
      for (const [socket, conn] of connections) {
        if (conn.open.size > 0) {
          for (const res of conn.open) if (!res.headersSent) res.setHeader('connection', 'close');
        } else if (conn.served > 0) {
          socket.destroy(); // keep-alive, waiting for a next request that will not come
        }
      }
      const deadline = Date.now() + MAX_LISTEN_MS;
      while (Date.now() < deadline && (inFlight() || Date.now() - lastArrival < QUIET_MS)) await new Promise((r) => setTimeout(r, POLL_MS));
      // What is left opened a connection and sent nothing for a while (a browser's preconnect).
      for (const [socket, conn] of connections) if (conn.open.size === 0) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
