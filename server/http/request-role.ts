import type { Context } from 'hono';
import type { Database, Queryable } from '../db/types.ts';
import { JwtError, type Claims, type JwtKeys } from '../jwt.ts';
import { PostgrestError } from './errors.ts';

/**
 * The verified claims of a REST or storage request: the Authorization bearer token, or the apikey
 * header when there is none (as supabase-js sends the anon key). Bad tokens are refused with 401.
 */
export async function requestClaims(c: Context, keys: JwtKeys): Promise<Claims> {
  const header = c.req.header('authorization');
  const bearer = header?.match(/^bearer\s+(.+)$/i)?.[1]?.trim();
  const token = bearer ?? c.req.header('apikey');
  if (!token) {
    throw new PostgrestError(401, 'PGRST302', 'Anonymous access is disabled, no API key or token was given');
  }
  try {
    return await keys.verify(token);
  } catch (error) {
    if (error instanceof JwtError) {
      throw new PostgrestError(401, 'PGRST301', error.message);
    }
    throw error;
  }
}

/**
 * Runs fn in one transaction as the request's role with its claims set, exactly as PostgREST does, so
 * RLS policies, grants and auth.uid() decide what the request may see and change.
 */
export function asRequestRole<T>(db: Database, claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Not awaited before fn: on PostgreSQL the settings and fn's first query share a round trip,
    // and the connection runs them in order either way.
    const configured = tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      claims.role,
      JSON.stringify(claims),
    ]);
    const [, result] = await Promise.all([configured, fn(tx)]);
    return result;
  });
}
