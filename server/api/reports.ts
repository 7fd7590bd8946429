import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ERROR_TYPES } from '../../shared/error-types.ts';
import type { ProductContext } from '../context.ts';
import { ApiError } from './api-error.ts';
import { BodyError, parseJson } from '../platform/http/body.ts';
import { clientAddress } from '../platform/http/client.ts';
import { hitRateLimit } from '../platform/http/rate-limit.ts';
import { PostgrestError } from '../platform/http/errors.ts';
import { requestClaims } from '../platform/http/request-role.ts';

/**
 * POST /api/errors, /api/performance and /api/feedback: what the app reports about itself.
 * Anyone may post, so every request is size-limited, rate-limited per address and
 * validated; rows are written by the platform (API roles cannot write these tables) and read by
 * admins through RLS. The user is the one a verified bearer token names, never the body's userId.
 */

export const REPORT_BODY_LIMIT = 64 * 1024;

const text = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });
const required = (max: number) => text(max).trim().min(1, { error: 'is required' });
const jsonObject = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });

const common = {
  // Made on the device: a report sent twice (retried, two tabs) is stored once.
  id: z.uuid({ error: 'must be a UUID' }).optional(),
  timestamp: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }),
  url: required(2_000),
  sessionId: required(100),
};

const errorReport = z.object({
  ...common,
  message: required(10_000),
  stack: text(50_000).nullish(),
  componentStack: text(20_000).nullish(),
  context: jsonObject.nullish(),
  userAgent: text(1_000).nullish(),
  errorType: z.enum(ERROR_TYPES, { error: `must be one of ${ERROR_TYPES.join(', ')}` }),
  errorSource: text(100).nullish(),
  browserInfo: jsonObject.nullish(),
  stackFrames: z
    .array(
      z.object({
        function: text(500).nullish(),
        file: text(2_000),
        line: z.number().int().nonnegative().nullish(),
        column: z.number().int().nonnegative().nullish(),
      }),
    )
    .max(100, { error: 'must have at most 100 frames' })
    .nullish(),
  userId: z.uuid({ error: 'must be a UUID' }).nullish(),
});

const performanceMetric = z.object({
  ...common,
  metric: required(100),
  value: z.number({ error: 'must be a number' }).finite({ error: 'must be a finite number' }),
  context: jsonObject.nullish(),
});

const feedback = z.object({
  ...common,
  feedback: required(5_000),
  errorId: text(100).nullish(),
});

async function readJson(c: Context): Promise<unknown> {
  const body = await c.req.text();
  try {
    return parseJson(body);
  } catch (error) {
    if (error instanceof BodyError && error.reason === 'too_deep') throw new ApiError('invalid_input', `${error.message}.`);
    throw new ApiError('invalid_input', 'The body must be a JSON object.');
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_input', 'The body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.') || '(body)', message: issue.message }));
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path] ??= issue.message;
  throw new ApiError('invalid_input', `Invalid ${what}: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}.`, fields);
}

/** The verified user behind the request, if it carries a user's token; a bad token is refused. */
async function verifiedUserId(ctx: ProductContext, c: Context): Promise<string | null> {
  if (!c.req.header('authorization') && !c.req.header('apikey')) return null;
  try {
    const claims = await requestClaims(c, ctx.keys);
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
  } catch (error) {
    if (error instanceof PostgrestError) throw new ApiError('not_signed_in', `The access token was refused: ${error.message}.`);
    throw error;
  }
}

// Only users that exist are linked; a token of a deleted user stores the report without one.
const userIdSql = (param: string) => `(select id from public.users where id = ${param}::uuid)`;

export function reportRoutes(ctx: ProductContext): Hono {
  const app = new Hono();
  // Every request counts, per address and endpoint (rules api.* in public.rate_limits). Every page
  // view sends several web-vitals figures, so measurements have a rule of their own, ten times wider.
  const guard = (rule: 'api.error_reports' | 'api.performance_metrics' | 'api.feedback') => async (c: Context, next: () => Promise<void>) => {
    await hitRateLimit(ctx.db, rule, clientAddress(c, ctx.config.trustedProxyHops));
    await next();
  };

  const sizeLimit = bodyLimit({
    maxSize: REPORT_BODY_LIMIT,
    onError: () => {
      throw new ApiError('payload_too_large', `The report is too large: at most ${REPORT_BODY_LIMIT / 1024} KB is taken.`);
    },
  });

  const handle = (store: (body: unknown, userId: string | null, c: Context) => Promise<string>) => async (c: Context) => {
    const userId = await verifiedUserId(ctx, c);
    const id = await store(await readJson(c), userId, c);
    return c.json({ id }, 202);
  };

  /** Inserts once per id; a repeat of a stored id changes nothing and answers with the same id. */
  const insert = async (table: string, columns: string[], values: unknown[], id: string | undefined, userId: string | null) => {
    const params = [id ?? crypto.randomUUID(), ...values, userId];
    const placeholders = columns.map((_, index) => `$${index + 2}`);
    await ctx.db.query(
      `insert into public.${table} (id, ${columns.join(', ')}, user_id)
       values ($1, ${placeholders.join(', ')}, ${userIdSql(`$${params.length}`)})
       on conflict (id) do nothing`,
      params,
    );
    return params[0] as string;
  };

  app.post(
    '/errors',
    guard('api.error_reports'),
    sizeLimit,
    handle(async (body, userId, c) => {
      const report = parse(errorReport, body, 'error report');
      return insert(
        'error_reports',
        ['message', 'stack', 'component_stack', 'context', 'occurred_at', 'user_agent', 'url', 'session_id', 'error_type', 'error_source', 'browser_info', 'stack_frames'],
        [
          report.message,
          report.stack ?? null,
          report.componentStack ?? null,
          JSON.stringify(report.context ?? {}),
          report.timestamp,
          report.userAgent ?? c.req.header('user-agent')?.slice(0, 1_000) ?? null,
          report.url,
          report.sessionId,
          report.errorType,
          report.errorSource ?? null,
          JSON.stringify(report.browserInfo ?? {}),
          JSON.stringify(report.stackFrames ?? []),
        ],
        report.id,
        userId,
      );
    }),
  );

  app.post(
    '/performance',
    guard('api.performance_metrics'),
    sizeLimit,
    handle(async (body, userId) => {
      const metric = parse(performanceMetric, body, 'performance metric');
      return insert(
        'performance_metrics',
        ['metric', 'value', 'context', 'occurred_at', 'url', 'session_id'],
        [metric.metric, metric.value, JSON.stringify(metric.context ?? {}), metric.timestamp, metric.url, metric.sessionId],
        metric.id,
        userId,
      );
    }),
  );

  app.post(
    '/feedback',
    guard('api.feedback'),
    sizeLimit,
    handle(async (body, userId) => {
      const entry = parse(feedback, body, 'feedback');
      return insert(
        'feedback',
        ['feedback', 'error_id', 'occurred_at', 'url', 'session_id'],
        [entry.feedback, entry.errorId ?? null, entry.timestamp, entry.url, entry.sessionId],
        entry.id,
        userId,
      );
    }),
  );

  return app;
}
