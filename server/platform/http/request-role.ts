import type { Context } from 'hono';
import type { Database, Queryable } from '../db/types.ts';
import { uuidPattern } from '../auth/tokens.ts';
import { JwtError, type ApiRole, type Claims, type JwtKeys } from '../jwt.ts';
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

/** Where a request came from, as SQL sees it through request.headers (public.request_ip()). */
export interface RequestOrigin {
  ip: string | null;
}

/**
 * The settings each API role carries in the database (`alter role anon set statement_timeout`), read
 * once per database as PostgREST reads them, and applied to every request of that role.
 */
const roleSettingsCache = new WeakMap<Database, Promise<Map<string, string>>>();

function roleTimeouts(db: Database): Promise<Map<string, string>> {
  let settings = roleSettingsCache.get(db);
  if (!settings) {
    settings = db
      .query<{ role: string; timeout: string | null }>(
        `select r.rolname as role,
                (select split_part(c, '=', 2) from unnest(s.setconfig) c where c like 'statement_timeout=%' limit 1) as timeout
           from pg_roles r
           left join pg_db_role_setting s on s.setrole = r.oid and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
          where r.rolname in ('anon', 'authenticated', 'service_role')`,
      )
      .then(({ rows }) => new Map(rows.filter((row) => row.timeout).map((row) => [row.role, row.timeout!])));
    const loading = settings;
    loading.catch(() => roleSettingsCache.delete(db));
    roleSettingsCache.set(db, settings);
  }
  return settings;
}

/** The role's statement timeout as the database has it ('3s'), or '0' (none). */
export async function statementTimeout(db: Database, role: ApiRole): Promise<string> {
  return (await roleTimeouts(db)).get(role) ?? '0';
}

/**
 * A user token is only as good as its user: a deleted or banned user, or a session that was ended
 * (signed out, or every session ended by a password change), makes the token worthless at once,
 * not when it expires. Refused as PostgREST refuses a bad token, so the app refreshes its session,
 * which fails and signs it out.
 */
async function checkTokenHolder(tx: Queryable, claims: Claims) {
  if (claims.role !== 'authenticated') return;
  // Compared as uuids, so each lookup is its primary key's (as text, every request read every user).
  const userId = typeof claims.sub === 'string' && uuidPattern.test(claims.sub) ? claims.sub : null;
  const sessionId = typeof claims.session_id === 'string' && uuidPattern.test(claims.session_id) ? claims.session_id : null;
  const { rows } = userId
    ? await tx.query<{ active: boolean }>(
        `select exists (
           select 1 from auth.users u
            where u.id = $1::uuid and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())
              and ($3::boolean or exists (
                    select 1 from auth.sessions s
                     where s.id = $2::uuid and s.user_id = u.id and (s.not_after is null or s.not_after > now())))
         ) as active`,
        [userId, sessionId, claims.session_id === undefined],
      )
    : { rows: [{ active: false }] };
  if (!rows[0].active) {
    throw new PostgrestError(401, 'PGRST301', 'The session of this token has ended, or its user no longer exists or is banned', null, 'Sign in again');
  }
}

/**
 * Runs fn in one transaction as the request's role with its claims set, exactly as PostgREST does, so
 * RLS policies, grants and auth.uid() decide what the request may see and change. The role's
 * statement timeout applies, and request.headers carries the caller's address for rate limits in SQL.
 */
export async function asRequestRole<T>(db: Database, claims: Claims, fn: (tx: Queryable) => Promise<T>, origin: RequestOrigin = { ip: null }): Promise<T> {
  const timeout = await statementTimeout(db, claims.role);
  const headers = JSON.stringify(origin.ip ? { 'x-forwarded-for': origin.ip } : {});
  return db.transaction(async (tx) => {
    // Not awaited one by one: on PostgreSQL the check, the settings and fn's first query share a
    // round trip, and the connection runs them in order either way.
    const holder = checkTokenHolder(tx, claims);
    const configured = tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('statement_timeout', $3, true), set_config('request.headers', $4, true)`,
      [claims.role, JSON.stringify(claims), timeout, headers],
    );
    const work = holder.then(() => fn(tx));
    const [, , result] = await Promise.all([holder, configured, work]);
    return result;
  });
}
