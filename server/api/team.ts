import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { uuidPattern } from '../platform/auth/tokens.ts';
import { findUserByEmail, insertUser } from '../platform/auth/users.ts';
import { issueLink } from '../platform/auth/verification.ts';
import type { ProductContext } from '../context.ts';
import { isPgError, type Queryable } from '../platform/db/types.ts';
import { ApiError, sqlRefusal } from './api-error.ts';
import { parseJson } from '../platform/http/body.ts';
import { asRequestRole, requestClaims } from '../platform/http/request-role.ts';
import { activeCompany, addressOf, companyDate } from '../mail/company.ts';
import { composeEmail } from '../mail/compose.ts';
import type { OutgoingEmail } from '../mail/queue.ts';

/**
 * Invitations to the team, the way GoTrue's invite works (POST /auth/v1/invite) but for the admin's
 * own token: public.invite_staff() and resend_staff_invitation() decide, as the caller, whether they
 * hold team.manage and whether the address and role will do; then, in the same transaction, the
 * invitee's account is made (unless the address has one), a one-time link is issued on it (7 days,
 * server/platform/auth/verification.ts) and the email is queued. The link lands on /auth/join-team, where
 * the invitee sets a password and accept_staff_invitation() gives them the role.
 */

const TEAM_BODY_LIMIT = 4 * 1024;

const roleLabels: Record<string, string> = { admin: 'an administrator', agent: 'a booking agent', editor: 'an editor', guide: 'a guide' };

interface Invitation {
  id: string;
  email: string;
  role: string;
  expires_at: Date;
}

/** The invitation email: who invites, as what, and the link, which works once and for a week. */
function invitationEmail(
  company: Parameters<typeof composeEmail>[0],
  invitation: Invitation,
  inviter: string | null,
  link: string,
): OutgoingEmail {
  const expires = companyDate(company, invitation.expires_at);
  const composed = composeEmail(company, `You are invited to join the ${company.name} team`, [
    { type: 'paragraph', text: 'Hello,' },
    {
      type: 'paragraph',
      text: `${inviter ?? 'An administrator'} invites you to the ${company.name} back office as ${roleLabels[invitation.role] ?? invitation.role}. Choose a password with the link below and you are in.`,
    },
    { type: 'link', label: 'Join the team', url: link },
    { type: 'paragraph', text: `This link works once, until ${expires}. If you were not expecting it, you can ignore this email.` },
  ]);
  return { kind: 'staff_invitation', to: invitation.email, ...composed };
}

/** Makes (or finds) the invitee's account, issues their link and queues the email, in tx. */
async function sendInvitation(ctx: ProductContext, tx: Queryable, invitation: Invitation, inviterId: string | undefined): Promise<void> {
  const user = (await findUserByEmail(tx, invitation.email, true)) ?? (await insertUser(tx, { email: invitation.email, userMetadata: {}, confirmed: false }));
  const link = await issueLink(ctx, tx, user.id, 'invite', `${ctx.config.siteUrl}/auth/join-team`);
  await tx.query(`update public.staff_invitations set user_id = $2 where id = $1 and user_id is distinct from $2`, [invitation.id, user.id]);
  const { rows } = await tx.query<{ full_name: string | null }>(`select full_name from public.users where id = $1`, [inviterId ?? null]);
  const company = await activeCompany(tx, addressOf(ctx.config.mailFrom));
  await ctx.mail.enqueue(invitationEmail(company, invitation, rows[0]?.full_name ?? null, link), tx);
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = parseJson(await c.req.text());
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('invalid_input', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * Runs the SQL decision as the caller, then the account, link and email as the platform, in one
 * transaction: an invitation is recorded only with its email, and an email goes only for a recorded
 * invitation. The caller's claims stay set, so the audit log names the admin.
 */
async function decideThenSend(ctx: ProductContext, c: Context, decide: (tx: Queryable) => Promise<Invitation>) {
  const claims = await requestClaims(c, ctx.keys);
  return asRequestRole(ctx.db, claims, async (tx) => {
    const invitation = await decide(tx);
    await tx.query('reset role');
    await sendInvitation(ctx, tx, invitation, typeof claims.sub === 'string' ? claims.sub : undefined);
    return invitation;
  });
}

/** A refusal for the screen: of a field when the function's hint names one (email, role), else of the whole form. */
function teamRefusal(error: unknown): unknown {
  const refusal = sqlRefusal(error, true);
  if (!refusal) return error;
  const field = isPgError(error) && (error.hint === 'email' || error.hint === 'role') ? error.hint : undefined;
  return field ? new ApiError(refusal.code, refusal.message, { [field]: refusal.message }) : refusal;
}

export function teamRoutes(ctx: ProductContext): Hono {
  const app = new Hono();
  const limit = bodyLimit({
    maxSize: TEAM_BODY_LIMIT,
    onError: () => {
      throw new ApiError('payload_too_large');
    },
  });

  // POST /api/team/invitations {email, role}: invites an address to the team with a role.
  app.post('/team/invitations', limit, async (c) => {
    try {
      const body = await readJson(c);
      const invitation = await decideThenSend(ctx, c, async (tx) => {
        const { rows } = await tx.query<Invitation>(`select * from public.invite_staff($1, $2)`, [
          typeof body.email === 'string' ? body.email : null,
          typeof body.role === 'string' ? body.role : null,
        ]);
        return rows[0];
      });
      return c.json({ id: invitation.id, email: invitation.email, role: invitation.role, expires_at: invitation.expires_at }, 201);
    } catch (error) {
      throw teamRefusal(error);
    }
  });

  // POST /api/team/invitations/:id/resend: a new link for an open invitation, 7 more days.
  app.post('/team/invitations/:id/resend', async (c) => {
    try {
      const id = c.req.param('id');
      if (!uuidPattern.test(id)) throw new ApiError('not_found', 'There is no such invitation');
      const invitation = await decideThenSend(ctx, c, async (tx) => {
        const { rows } = await tx.query<Invitation>(`select * from public.resend_staff_invitation($1)`, [id]);
        if (!rows[0].id) throw new ApiError('not_found', 'This invitation was accepted or revoked');
        return rows[0];
      });
      return c.json({ id: invitation.id, expires_at: invitation.expires_at });
    } catch (error) {
      throw teamRefusal(error);
    }
  });

  return app;
}
