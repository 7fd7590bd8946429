import type { PlatformContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { Claims } from '../jwt.ts';
import { errors, grantError } from './errors.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserById, isBanned, usersJson, type UserRow } from './users.ts';

/** How the session was started, recorded in auth.mfa_amr_claims and in each token's amr claim. */
export type SignInMethod = 'password' | 'otp' | 'recovery' | 'invite' | 'email_change';

/** One entry of the amr claim: a way the session was authenticated, and when (seconds). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface Client {
  ip: string;
  userAgent?: string;
}

/** The access token's claims, shaped like Supabase's. */
export function accessClaims(
  ctx: PlatformContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
): Claims {
  return {
    iss: `${ctx.config.siteUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
}

async function sessionJson(
  ctx: PlatformContext,
  db: Queryable,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amr: AmrEntry[],
) {
  const expiresIn = ctx.config.jwtExpiry;
  const accessToken = await ctx.keys.sign(accessClaims(ctx, user, sessionId, amr), expiresIn);
  const [userJson] = await usersJson(db, [user]);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: userJson,
  };
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>;

/** Starts a session: a sessions row, its first refresh token and an access token. */
export async function startSession(
  ctx: PlatformContext,
  db: Queryable,
  userId: string,
  method: SignInMethod,
  client: Client,
): Promise<SessionJson> {
  const { rows } = await db.query<{ id: string; created_at: Date }>(
    `insert into auth.sessions (user_id, user_agent, ip) values ($1, $2, $3) returning id, created_at`,
    [userId, client.userAgent?.slice(0, 500) ?? null, client.ip],
  );
  const session = rows[0];
  const refreshToken = newToken();
  await db.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [
    hashToken(refreshToken),
    userId,
    session.id,
  ]);
  await db.query(`insert into auth.mfa_amr_claims (session_id, authentication_method, created_at) values ($1, $2, $3)`, [session.id, method, session.created_at]);
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
  const user = await findUserById(db, userId);
  if (!user) throw errors.userNotFound();
  return sessionJson(ctx, db, user, session.id, refreshToken, [{ method, timestamp: Math.floor(new Date(session.created_at).getTime() / 1000) }]);
}

type RefreshOutcome = { session: SessionJson } | { refused: 'not_found' | 'reused' | 'banned' };

/**
 * Rotates a refresh token: the presented token is revoked and a child is issued. Presenting a token
 * that was already rotated means it leaked (or a client misbehaves): the whole session ends, so a
 * stolen token family cannot be used any more, and the request is refused. Within a few seconds of
 * its rotation, though, it is one device refreshing twice at once (supabase-js and the session
 * store, two tabs, a request the network held back): it gets a child of its own, as GoTrue's reuse
 * interval allows, instead of signing the traveler out.
 */
const reuseIntervalSeconds = 10;
export async function refreshSession(ctx: PlatformContext, refreshToken: unknown): Promise<SessionJson> {
  if (typeof refreshToken !== 'string' || refreshToken === '') {
    throw errors.validation('refresh_token required');
  }
  const presented = hashToken(refreshToken);
  const outcome = await ctx.db.transaction<RefreshOutcome>(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; session_id: string; revoked: boolean; just_rotated: boolean; started_at: Date }>(
      `select rt.user_id, rt.session_id, rt.revoked, rt.updated_at > now() - make_interval(secs => $2) as just_rotated, s.created_at as started_at
         from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
        where rt.token = $1 for update of rt`,
      [presented, reuseIntervalSeconds],
    );
    const current = rows[0];
    if (!current) return { refused: 'not_found' };
    if (current.revoked && !current.just_rotated) {
      await tx.query(`delete from auth.sessions where id = $1`, [current.session_id]);
      return { refused: 'reused' };
    }
    const user = await findUserById(tx, current.user_id);
    if (!user) return { refused: 'not_found' };
    if (isBanned(user)) return { refused: 'banned' };
    const child = newToken();
    if (!current.revoked) await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [presented]);
    await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
      hashToken(child),
      user.id,
      current.session_id,
      presented,
    ]);
    await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [current.session_id]);
    // How the session was started, newest first, as GoTrue reports it on every refreshed token. A
    // session from before such records were kept reports a password sign-in at its start.
    const claims = await tx.query<{ method: string; at: Date }>(
      `select authentication_method as method, created_at as at from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
      [current.session_id],
    );
    const amr = claims.rows.length
      ? claims.rows.map((row) => ({ method: row.method, timestamp: Math.floor(new Date(row.at).getTime() / 1000) }))
      : [{ method: 'password', timestamp: Math.floor(new Date(current.started_at).getTime() / 1000) }];
    return { session: await sessionJson(ctx, tx, user, current.session_id, child, amr) };
  });
  if ('session' in outcome) return outcome.session;
  if (outcome.refused === 'reused') throw grantError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  if (outcome.refused === 'banned') throw errors.userBanned();
  throw grantError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
}
