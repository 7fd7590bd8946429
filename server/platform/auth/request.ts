import type { Context } from 'hono';
import type { PlatformContext } from '../context.ts';
import { BodyError, parseJson, readBodyText } from '../http/body.ts';
import { clientAddress } from '../http/client.ts';
import { JwtError, type Claims } from '../jwt.ts';
import { errors } from './errors.ts';
import type { Client } from './sessions.ts';
import { uuidPattern } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/** The largest body an auth request may send: an email, a password and a little user metadata. */
export const AUTH_BODY_LIMIT = 64 * 1024;

/**
 * The JSON object body of a request, read up to AUTH_BODY_LIMIT: an empty body is {}, a larger one
 * 413, anything unparsable or nested too deep 400 bad_json.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    const text = await readBodyText(c, AUTH_BODY_LIMIT);
    if (text.trim() === '') return {};
    body = parseJson(text);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.reason === 'too_large') throw errors.tooLarge(error.message);
    throw errors.badJson();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.badJson();
  return body as Record<string, unknown>;
}

/** Who is asking: the address rate limits count (server/platform/http/client.ts) and the browser. */
export function clientOf(ctx: PlatformContext, c: Context): Client {
  return { ip: clientAddress(c, ctx.config.trustedProxyHops), userAgent: c.req.header('user-agent') };
}

function bearer(c: Context): string | undefined {
  return c.req.header('authorization')?.match(/^bearer\s+(.+)$/i)?.[1]?.trim();
}

/** The verified claims of the bearer token, with GoTrue's errors for a missing, bad or expired one. */
export async function bearerClaims(ctx: PlatformContext, c: Context): Promise<Claims> {
  const token = bearer(c);
  if (!token) throw errors.noAuthorization();
  try {
    return await ctx.keys.verify(token);
  } catch (error) {
    if (error instanceof JwtError && error.expired) throw errors.badJwt('token has invalid claims: token is expired');
    throw errors.badJwt('signature is invalid');
  }
}

export interface SignedIn {
  user: UserRow;
  claims: Claims;
  sessionId?: string;
}

/** The signed-in user of the request: a valid user token whose user and session still exist. */
export async function signedInUser(ctx: PlatformContext, c: Context): Promise<SignedIn> {
  const claims = await bearerClaims(ctx, c);
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
    throw errors.badJwt('invalid claim: missing sub claim');
  }
  if (!uuidPattern.test(claims.sub)) throw errors.badJwt('invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw errors.userNotFoundFromJwt();
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  if (sessionId !== undefined) {
    // A session id that is no uuid names no session; a uuid is looked up by its primary key.
    const { rows } = uuidPattern.test(sessionId)
      ? await ctx.db.query(`select 1 from auth.sessions where id = $1::uuid and user_id = $2 and (not_after is null or not_after > now())`, [sessionId, user.id])
      : { rows: [] };
    if (rows.length === 0) throw errors.sessionNotFound();
  }
  return { user, claims, sessionId };
}

/** Admin endpoints take the service-role key only, as GoTrue does. */
export async function requireServiceRole(ctx: PlatformContext, c: Context): Promise<void> {
  const claims = await bearerClaims(ctx, c);
  if (claims.role !== 'service_role') throw errors.notAdmin();
}
