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

// Paths whose last part is a secret: a calendar feed's token, a tour preview's.
const secretPaths = /^(\/api\/(?:calendar|tour-previews)\/)[^/]+$/;

/** The path as it may be logged: no query string, no secret. */
const loggedPath = (path: string) => path.replace(secretPaths, '$1…');

/** Gives each request a child logger with its id, and logs one line when it is answered. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    await next();
    log.info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  };
}
