import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';

type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * Serves `fetch` over HTTP with the socket timeouts the product relies on, for the real server and
 * the test servers alike.
 * - A client that sends its headers or body slowly holds a socket, never the database (bodies are
 *   read before a request's transaction opens), and not for ever: 20 s for the headers, 2 minutes
 *   for the whole request (a 10 MB picture over a slow mobile link).
 * - An idle kept-alive socket stays open longer than clients keep theirs (Node's agents and browsers
 *   drop theirs after 5 s or more): when both sides close at the same moment, a request sent on the
 *   closing socket fails with ECONNRESET. The client must always be the one to let go.
 */
export function listen(fetch: Fetch, port: number, hostname: string): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => resolve({ server, port: info.port }));
    const http = server as Server;
    http.keepAliveTimeout = 65_000;
    http.headersTimeout = 20_000;
    http.requestTimeout = 120_000;
  });
}

/**
 * Stops `server` and ends every socket it holds, in flight or kept alive. For a caller that is done
 * with all of them (a test's teardown): close() alone waits for each kept-alive socket to time out.
 */
export function closeNow(server: ServerType): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  (server as Server).closeAllConnections();
  return closed;
}
