import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from 'pino';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's logger: the server's, with the request id on every line. */
    log: Logger;
  }
}

/**
 * The request's id: the caller's x-request-id when it is a short plain token (a proxy's, or a
 * client retrying), else a new UUID; answered in x-request-id and set as c.get('requestId').
 */
export const requestIds = (): MiddlewareHandler => requestId({ limitLength: 64 });

/**
 * Gives each request a child logger with its id, and logs one line when it is answered, with the path
 * as it may be logged: no query string, and with `secretPaths` (a pattern whose first group is what
 * stays, such as the product's paths whose last part is a token) shortened to that group and '…'.
 */
export function requestLog(logger: Logger, secretPaths?: RegExp): MiddlewareHandler {
  const loggedPath = (path: string) => (secretPaths ? path.replace(secretPaths, '$1…') : path);
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    await next();
    log.info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  };
}
