import { Hono, type Context } from 'hono';
import type { PlatformContext } from '../context.ts';
import { randomUUID } from 'node:crypto';
import { isPgError } from '../db/types.ts';
import { forgiveRateLimitHit, hitRateLimit, RateLimited, type RateLimitRule } from '../http/rate-limit.ts';
import { adminRoutes } from './admin.ts';
import { AuthError, errors, grantError, sendAuthError } from './errors.ts';
import { clientOf, readBody, signedInUser } from './request.ts';
import { refreshSession, startSession, type Client, type SessionJson, type SignInMethod } from './sessions.ts';
import { safeRedirect } from './tokens.ts';
import {
  checkPassword,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isBanned,
  loadUserJson,
  mergeMetadata,
  metadata,
  normalizeEmail,
  passwordMatches,
  userJson,
  type UserJson,
} from './users.ts';
import { consumeLink, isVerifyType, issueLink, otherAddressPending, type LinkPurpose } from './verification.ts';

/** How a session started by following a link is recorded (GoTrue's amr methods). */
const signInMethodOf: Record<LinkPurpose, SignInMethod> = {
  signup: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  email_change: 'email_change',
  email_change_current: 'email_change',
};

/** A second recovery email for the same account within this time is silently not sent (no mail flood). */
const recoveryEmailIntervalMs = 60_000;

/** GoTrue's error shapes for every failure; a 500 only for what is truly unexpected. */
export function authErrorHandler(ctx: PlatformContext) {
  return (error: Error, c: Context) => {
    if (error instanceof AuthError) return sendAuthError(c, error);
    if (error instanceof RateLimited) {
      c.header('retry-after', String(error.retryAfter));
      return sendAuthError(c, errors.rateLimited(error.message));
    }
    if (isPgError(error) && error.code === '23503') {
      return sendAuthError(c, new AuthError(409, 'conflict', 'The user still has records that must be kept'));
    }
    // Input the database cannot take (a value out of range, a character it refuses): the caller's mistake.
    if (isPgError(error) && (error.code!.startsWith('22') || error.code === '23514')) {
      return sendAuthError(c, errors.validation('The request contains a value that cannot be stored'));
    }
    ctx.log('auth error', { path: c.req.path, error: error.stack ?? String(error) });
    return c.json({ code: 'unexpected_failure', error_code: 'unexpected_failure', msg: 'Unexpected failure, please try again' }, 500);
  };
}

/**
 * What a sign-up for a new address answers while confirmation is required: a new, unconfirmed user.
 * Made up for an address that already has an account, in the same shape, after the same password
 * hashing, so the answer says nothing about who is registered.
 */
async function lookalikeNewUser(email: string, userMetadata: Record<string, unknown>, password: string): Promise<UserJson> {
  await hashPassword(password);
  const id = randomUUID();
  const now = new Date();
  return userJson(
    {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      encrypted_password: null,
      email_confirmed_at: null,
      confirmation_sent_at: now,
      recovery_sent_at: null,
      email_change: null,
      email_change_sent_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: userMetadata,
      phone: null,
      phone_confirmed_at: null,
      banned_until: null,
      is_anonymous: false,
      created_at: now,
      updated_at: now,
    },
    [
      {
        id: randomUUID(),
        provider_id: id,
        user_id: id,
        identity_data: { sub: id, email, email_verified: false, phone_verified: false },
        provider: 'email',
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
        email,
      },
    ],
  );
}

/** The email is taken between our check and our insert (two sign-ups at once): same answer as the check. */
async function uniqueEmail<T>(work: Promise<T>, taken: () => AuthError): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isPgError(error) && error.code === '23505') throw taken();
    throw error;
  }
}

/** The Supabase Auth (GoTrue) API subset that supabase-js uses, mounted at /auth/v1. */
export function authRoutes(ctx: PlatformContext): Hono {
  const app = new Hono();
  const { config } = ctx;
  const limit = (rule: RateLimitRule, subject: string) => hitRateLimit(ctx.db, rule, subject);

  app.use('*', async (c, next) => {
    await next();
    // Tells auth-js to read error codes from `code` (GoTrue API version 2024-01-01).
    c.header('x-supabase-api-version', '2024-01-01');
  });
  app.onError(authErrorHandler(ctx));

  const redirectFrom = (c: Context, fallback = config.siteUrl) => safeRedirect(config.siteUrl, c.req.query('redirect_to'), fallback);

  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: `${ctx.name} local auth (GoTrue-compatible)` }));

  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: false, email: true, phone: false, apple: false, azure: false, github: false, google: false, saml: false },
      disable_signup: false,
      mailer_autoconfirm: !config.emailConfirmRequired,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const client = clientOf(ctx, c);
    await limit('auth.signups', client.ip);
    const body = await readBody(c);
    if (body.email === undefined || body.email === null || body.email === '') {
      if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      throw errors.validation('To signup, please provide your email');
    }
    const email = normalizeEmail(body.email);
    if (body.password === undefined || body.password === null || body.password === '') {
      throw errors.validation('Signup requires a valid password');
    }
    const password = checkPassword(body.password);
    const userMetadata = metadata(body.data, 'data');
    const confirm = config.emailConfirmRequired;
    const redirectTo = redirectFrom(c);
    const result = await uniqueEmail(
      ctx.db.transaction(async (tx) => {
        const existing = await findUserByEmail(tx, email, true);
        if (existing && !confirm) throw errors.userExists();
        // With confirmation on, GoTrue answers a sign-up for a registered address as for a new one, so
        // nobody learns who has an account here; the owner gets no email, and nothing is changed.
        if (existing?.email_confirmed_at) return lookalikeNewUser(email, userMetadata, password);
        const user = existing ?? (await insertUser(tx, { email, password, userMetadata, confirmed: !confirm, emailVerified: false }));
        if (!confirm) return startSession(ctx, tx, user.id, 'password', client);
        // Confirmation required: the account waits for the emailed link (sent again on a repeat sign-up).
        const link = await issueLink(ctx, tx, user.id, 'signup', redirectTo);
        await ctx.mailer.send({ type: 'signup_confirmation', to: email, link }, tx);
        return loadUserJson(tx, user.id);
      }),
      errors.userExists,
    );
    return c.json(result);
  });

  /**
   * Failed sign-ins are limited per address, and per address and account together: guessing one
   * account's password, or many accounts', is slowed, while the owner signing in from elsewhere is
   * never locked out. Each attempt counts as failed before its password is checked (attempts sent
   * at once cannot all slip in under the limit) and is forgiven when the password was right.
   */
  async function passwordGrant(body: Record<string, unknown>, client: Client) {
    if (typeof body.email !== 'string' || body.email.trim() === '') {
      throw errors.validation(body.phone ? 'Phone logins are disabled' : 'missing email or phone');
    }
    const email = normalizeEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    const counted: [RateLimitRule, string][] = [
      ['auth.signin_failures', client.ip],
      ['auth.signin_account_failures', `${client.ip} ${email}`],
    ];
    // Both counted in one transaction: an attempt refused by either rule is counted by neither.
    await ctx.db.transaction(async (tx) => {
      for (const [rule, subject] of counted) await hitRateLimit(tx, rule, subject);
    });
    const user = await findUserByEmail(ctx.db, email);
    // Checked even for an unknown email, so the answer takes as long either way.
    const matches = await passwordMatches(user, password);
    if (!user || !matches) throw errors.invalidCredentials();
    for (const [rule, subject] of counted) await forgiveRateLimitHit(ctx.db, rule, subject);
    if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
    if (isBanned(user)) throw errors.userBanned();
    return ctx.db.transaction((tx) => startSession(ctx, tx, user.id, 'password', client));
  }

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readBody(c);
    if (grantType === 'password') return c.json(await passwordGrant(body, clientOf(ctx, c)));
    if (grantType === 'refresh_token') return c.json(await refreshSession(ctx, body.refresh_token));
    throw grantError('validation_failed', 'unsupported_grant_type', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const { user } = await signedInUser(ctx, c);
    return c.json(await loadUserJson(ctx.db, user.id));
  });

  app.put('/user', async (c) => {
    const { user, sessionId } = await signedInUser(ctx, c);
    const body = await readBody(c);
    const password = body.password === undefined || body.password === null ? undefined : checkPassword(body.password);
    const dataChanges = body.data === undefined ? undefined : metadata(body.data, 'data');
    const email = body.email === undefined || body.email === null || body.email === '' ? undefined : normalizeEmail(body.email);
    // Whether an address is taken is an answer too: asked a few times an hour per account.
    if (email !== undefined && email !== user.email) await limit('auth.email_changes', user.id);
    if (password !== undefined && (await passwordMatches(user, password))) throw errors.samePassword();
    const encrypted = password === undefined ? undefined : await hashPassword(password);
    const redirectTo = redirectFrom(c);
    const updated = await uniqueEmail(
      ctx.db.transaction(async (tx) => {
        const current = await findUserById(tx, user.id, true);
        if (!current) throw errors.userNotFoundFromJwt();
        if (encrypted !== undefined) {
          await tx.query(
            `update auth.users set encrypted_password = $2, recovery_token = null, confirmation_token = null, updated_at = now()
              where id = $1`,
            [user.id, encrypted],
          );
          // Whoever knew the old password may hold other sessions: only this one survives, as in GoTrue.
          await tx.query(`delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`, [
            user.id,
            sessionId ?? null,
          ]);
        }
        if (dataChanges !== undefined) {
          await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
            user.id,
            JSON.stringify(mergeMetadata(current.raw_user_meta_data, dataChanges)),
          ]);
        }
        if (email !== undefined && email !== current.email) {
          const holder = await findUserByEmail(tx, email);
          if (holder && holder.id !== user.id) throw errors.emailExists();
          // Nothing changes until both addresses follow their link (GoTrue's secure email change): a
          // stolen session cannot move the account to another mailbox, and the owner hears of it.
          await tx.query(`update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`, [user.id, email]);
          await ctx.mailer.send({ type: 'email_change', to: email, link: await issueLink(ctx, tx, user.id, 'email_change', redirectTo) }, tx);
          if (current.email) {
            await ctx.mailer.send(
              { type: 'email_change_current', to: current.email, newAddress: email, link: await issueLink(ctx, tx, user.id, 'email_change_current', redirectTo) },
              tx,
            );
          }
        }
        return loadUserJson(tx, user.id);
      }),
      errors.emailExists,
    );
    return c.json(updated);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw errors.validation('Unsupported logout scope');
    }
    const { user, sessionId } = await signedInUser(ctx, c);
    // Ending a session deletes it, and its refresh tokens with it (on delete cascade).
    if (scope === 'global') {
      await ctx.db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    } else if (scope === 'local' && sessionId !== undefined) {
      await ctx.db.query(`delete from auth.sessions where id = $1::uuid`, [sessionId]);
    } else if (scope === 'others' && sessionId !== undefined) {
      await ctx.db.query(`delete from auth.sessions where user_id = $1 and id <> $2::uuid`, [user.id, sessionId]);
    }
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    await limit('auth.recovery_requests', clientOf(ctx, c).ip);
    const body = await readBody(c);
    const email = normalizeEmail(body.email);
    const redirectTo = redirectFrom(c, `${config.siteUrl}/auth/reset-password`);
    // The same empty answer whether or not the address has an account: no one learns who is registered.
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email, true);
      if (!user?.email) return;
      if (user.recovery_sent_at && Date.now() - new Date(user.recovery_sent_at).getTime() < recoveryEmailIntervalMs) return;
      const link = await issueLink(ctx, tx, user.id, 'recovery', redirectTo);
      await ctx.mailer.send({ type: 'password_recovery', to: user.email, link }, tx);
    });
    return c.json({});
  });

  app.post('/resend', async (c) => {
    await limit('auth.confirmation_resends', clientOf(ctx, c).ip);
    const body = await readBody(c);
    if (body.type !== 'signup') throw errors.validation('Only signup confirmations can be resent');
    const email = normalizeEmail(body.email);
    const redirectTo = redirectFrom(c);
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email, true);
      if (!user?.email || user.email_confirmed_at || !config.emailConfirmRequired) return;
      const link = await issueLink(ctx, tx, user.id, 'signup', redirectTo);
      await ctx.mailer.send({ type: 'signup_confirmation', to: user.email, link }, tx);
    });
    return c.json({});
  });

  /**
   * Verifies a link token and starts a session in one transaction. Invalid or expired links are
   * limited per address (counted ahead, forgiven when the link was good), so tokens cannot be guessed
   * at speed, however long they are.
   */
  async function verify(type: string, token: string, client: Client, email?: string): Promise<SessionJson | { message: string }> {
    await limit('auth.link_failures', client.ip);
    const outcome = await ctx.db.transaction(async (tx) => {
      const { userId, purpose, awaitingOtherAddress } = await consumeLink(tx, type, token, email);
      const user = await findUserById(tx, userId);
      if (!user || isBanned(user)) throw errors.userBanned();
      if (awaitingOtherAddress) return { message: otherAddressPending };
      return startSession(ctx, tx, userId, signInMethodOf[purpose], client);
    });
    await forgiveRateLimitHit(ctx.db, 'auth.link_failures', client.ip);
    return outcome;
  }

  // The emailed link: on success the browser lands on redirect_to with the session in the fragment,
  // which supabase-js picks up (detectSessionInUrl); on failure with GoTrue's error fragment.
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const target = new URL(redirectFrom(c));
    try {
      if (!isVerifyType(type) || token === '') throw errors.otpExpired();
      const session = await verify(type, token, clientOf(ctx, c));
      if ('message' in session) {
        target.hash = new URLSearchParams({ message: session.message }).toString();
        return c.redirect(target.toString(), 303);
      }
      target.hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      }).toString();
    } catch (error) {
      if (error instanceof RateLimited) {
        target.hash = new URLSearchParams({ error: 'access_denied', error_code: 'over_request_rate_limit', error_description: error.message }).toString();
        return c.redirect(target.toString(), 303);
      }
      if (!(error instanceof AuthError)) throw error;
      target.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
      }).toString();
    }
    return c.redirect(target.toString(), 303);
  });

  app.post('/verify', async (c) => {
    const body = await readBody(c);
    if (!isVerifyType(body.type)) throw errors.validation('Verify requires a verification type');
    const client = clientOf(ctx, c);
    const answer = (outcome: Awaited<ReturnType<typeof verify>>) => c.json('message' in outcome ? { msg: outcome.message, code: 200 } : outcome);
    if (typeof body.token_hash === 'string' && body.token_hash !== '') {
      return answer(await verify(body.type, body.token_hash, client));
    }
    if (typeof body.token === 'string' && body.token !== '' && body.email !== undefined) {
      return answer(await verify(body.type, body.token, client, normalizeEmail(body.email)));
    }
    throw errors.validation('Verify requires either a token and email or a token hash');
  });

  app.route('/admin', adminRoutes(ctx, authErrorHandler(ctx)));

  app.all('*', () => {
    throw errors.notFound();
  });

  return app;
}
