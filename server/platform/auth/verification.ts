import type { PlatformContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { errors } from './errors.ts';
import { hashToken, newToken } from './tokens.ts';
import { changeEmail } from './users.ts';

/**
 * The emailed-link purposes, each kept in its own auth.users token column as GoTrue does. An email
 * change sends two links, one to each address (GoTrue's secure email change): the new address's
 * (email_change) and the current one's (email_change_current); it takes effect when both are followed.
 */
export type LinkPurpose = 'signup' | 'invite' | 'recovery' | 'email_change' | 'email_change_current';

// An invitation keeps its token in the confirmation column, as GoTrue does, dated by invited_at: it
// lasts a week where a sign-up link lasts an hour.
const columns: Record<LinkPurpose, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'invited_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
};

/** The verify types auth-js sends and which stored links each may consume. */
const purposesOf: Record<string, LinkPurpose[]> = {
  signup: ['signup'],
  invite: ['invite'],
  email: ['signup', 'invite', 'recovery'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email_change: ['email_change', 'email_change_current'],
};

/** What GoTrue answers when the first of an email change's two links is followed. */
export const otherAddressPending = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export const linkLifetimeSeconds = 3600;
/** An invitation to the team waits a week (public.staff_invitations.expires_at says the same). */
export const inviteLifetimeSeconds = 7 * 24 * 3600;
const lifetimeOf = (purpose: LinkPurpose) => (purpose === 'invite' ? inviteLifetimeSeconds : linkLifetimeSeconds);

/**
 * Stores a fresh one-time token (hashed) for the user and returns the link to email. A new link
 * replaces the previous one for the same purpose.
 */
export async function issueLink(
  ctx: PlatformContext,
  db: Queryable,
  userId: string,
  purpose: LinkPurpose,
  redirectTo: string,
): Promise<string> {
  const token = newToken();
  const { token: tokenColumn, sentAt } = columns[purpose];
  await db.query(`update auth.users set ${tokenColumn} = $2, ${sentAt} = now() where id = $1`, [userId, hashToken(token)]);
  const query = new URLSearchParams({ token, type: purpose === 'email_change_current' ? 'email_change' : purpose, redirect_to: redirectTo });
  return `${ctx.config.siteUrl}/auth/v1/verify?${query}`;
}

/** One of the types above: own keys only, so a name such as 'constructor' is not taken for one. */
export function isVerifyType(type: unknown): type is string {
  return typeof type === 'string' && Object.hasOwn(purposesOf, type);
}

/**
 * Consumes a link token: finds the user whose unexpired token of an allowed purpose matches, applies
 * what the link confirms, and clears the token so it works once. With an email, the token must also
 * belong to that address. The first of an email change's two links changes nothing yet
 * (awaitingOtherAddress); the second makes the change.
 */
export async function consumeLink(
  db: Queryable,
  type: string,
  token: string,
  email?: string,
): Promise<{ userId: string; purpose: LinkPurpose; awaitingOtherAddress?: true }> {
  if (!isVerifyType(type)) throw errors.validation('Verify requires a verification type');
  const hashed = hashToken(token);
  for (const purpose of purposesOf[type]) {
    const { token: tokenColumn, sentAt } = columns[purpose];
    const emailColumn = purpose === 'email_change' ? 'email_change' : 'email';
    const { rows } = await db.query<{ id: string; email_change: string | null; token_new: string | null; token_current: string | null }>(
      `select id, email_change, email_change_token_new as token_new, email_change_token_current as token_current from auth.users
        where ${tokenColumn} = $1 and ${sentAt} > now() - make_interval(secs => $2)
          and ($3::text is null or lower(${emailColumn}) = $3)
        for update`,
      [hashed, lifetimeOf(purpose), email ?? null],
    );
    const user = rows[0];
    if (!user) continue;
    if (purpose === 'email_change' || purpose === 'email_change_current') {
      if (!user.email_change) continue;
      const other = purpose === 'email_change' ? user.token_current : user.token_new;
      if (other) {
        await db.query(`update auth.users set ${tokenColumn} = null, email_change_confirm_status = 1, updated_at = now() where id = $1`, [user.id]);
        return { userId: user.id, purpose, awaitingOtherAddress: true };
      }
      await changeEmail(db, user.id, user.email_change);
    } else {
      // Following a recovery link proves the address too, so it also confirms an unconfirmed email.
      await db.query(
        `update auth.users set ${tokenColumn} = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1`,
        [user.id],
      );
      await db.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
          where user_id = $1 and provider = 'email'`,
        [user.id],
      );
    }
    return { userId: user.id, purpose };
  }
  throw errors.otpExpired();
}
