import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { checkEnquiry, enquirySchema, type Enquiry, type PlanningEnquiry } from '../../shared/enquiry.ts';
import { enquiryReference, HONEYPOT_FIELD, PREFERRED_CONTACT, TRIP_BUDGETS, TRIP_INTERESTS, type FieldErrors } from '../../shared/enquiry-fields.ts';
import type { ProductContext } from '../context.ts';
import { ApiError } from './api-error.ts';
import { parseJson } from '../platform/http/body.ts';
import { clientAddress } from '../platform/http/client.ts';
import { hitRateLimit, RateLimited } from '../platform/http/rate-limit.ts';
import { activeCompany, addressOf, signOff, type Company } from '../mail/company.ts';

/**
 * POST /api/enquiries: the contact form and the tailor-made trip request. Anyone may send one, so the
 * body is size-limited, rate-limited per address and validated with the schemas the forms use. The
 * enquiry is stored and two emails are queued (to the company, and a short acknowledgement to the
 * visitor) in one transaction. The device's outbox id is the client id: a resend stores nothing new
 * and sends no second email. A filled honeypot field is answered like a success and dropped.
 */

export const ENQUIRY_BODY_LIMIT = 32 * 1024;

const envelope = z.object({
  clientId: z.uuid({ error: 'must be a UUID' }).optional(),
  [HONEYPOT_FIELD]: z.string().optional(),
});

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;

function tripLines(trip: PlanningEnquiry['trip'], destinationNames: string[]): string[] {
  const when =
    trip.timing === 'dates' ? `${trip.startDate} to ${trip.endDate}` : trip.timing === 'month' ? `In ${trip.month}` : 'Flexible dates';
  return [
    `Destinations: ${destinationNames.join(', ')}`,
    `When: ${when}`,
    `Travelers: ${trip.adults} adult${trip.adults === 1 ? '' : 's'}${trip.children ? `, ${trip.children} child${trip.children === 1 ? '' : 'ren'}` : ''}`,
    `Budget per person: ${labelOf(TRIP_BUDGETS, trip.budget)}`,
    `Interests: ${trip.interests.length ? trip.interests.map((interest) => labelOf(TRIP_INTERESTS, interest)).join(', ') : 'none chosen'}`,
  ];
}

function companyEmail(enquiry: Enquiry, reference: string, destinationNames: string[]) {
  if (enquiry.kind === 'chat') {
    return {
      subject: `Chat message ${reference} from ${enquiry.name}`,
      text: [`From: ${enquiry.name} <${enquiry.email}>`, `Page: ${enquiry.page || 'not known'}`, `Reference: ${reference}`, '', enquiry.message, '', 'Reply to this visitor by email.'].join('\n'),
    };
  }
  const contactLines = [
    `From: ${enquiry.name} <${enquiry.email}>`,
    `Phone: ${enquiry.phone || 'not given'}`,
    `Prefers: ${labelOf(PREFERRED_CONTACT, enquiry.preferredContact)}`,
    `Reference: ${reference}`,
  ];
  if (enquiry.kind === 'contact') {
    return {
      subject: `New enquiry ${reference}: ${enquiry.subject}`,
      text: [...contactLines, '', `Subject: ${enquiry.subject}`, '', enquiry.message].join('\n'),
    };
  }
  return {
    subject: `Tailor-made trip request ${reference} from ${enquiry.name}`,
    text: [...contactLines, '', ...tripLines(enquiry.trip, destinationNames), '', enquiry.message ? `Notes:\n${enquiry.message}` : 'No notes.'].join('\n'),
  };
}

function acknowledgement(enquiry: Enquiry, reference: string, company: Company) {
  const what = enquiry.kind === 'start_planning' ? 'your trip request' : 'your message';
  const next =
    enquiry.kind === 'start_planning'
      ? 'A travel planner will draft a first itinerary and price for you and be in touch within two working days.'
      : 'One of our team will reply within one working day.';
  return {
    subject: `We have ${what} (${reference}) – ${company.name}`,
    text: [
      `Dear ${enquiry.name},`,
      '',
      `Thank you for contacting ${company.name}. We have received ${what}; your reference is ${reference}.`,
      next,
      '',
      signOff(company),
    ].join('\n'),
  };
}

/** The form's fields at fault, each with its words; the message is all of them, as the outbox shows it. */
const invalidFields = (errors: FieldErrors) => new ApiError('invalid_input', Object.values(errors).join(' '), errors);

async function readBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = parseJson(await c.req.text());
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('invalid_input', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Any signed-in user's verified id; an anonymous, expired or foreign token just leaves the enquiry unlinked. */
async function senderId(ctx: ProductContext, c: Context): Promise<string | null> {
  const token = c.req.header('authorization')?.match(/^bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token) return null;
  try {
    const claims = await ctx.keys.verify(token);
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

export function enquiryRoutes(ctx: ProductContext): Hono {
  const app = new Hono();

  app.post(
    '/enquiries',
    // Every request counts (rule api.enquiries in public.rate_limits).
    async (c, next) => {
      try {
        await hitRateLimit(ctx.db, 'api.enquiries', clientAddress(c, ctx.config.trustedProxyHops));
      } catch (error) {
        // A visitor kept from writing to us is told the other way to reach us.
        if (error instanceof RateLimited) throw new RateLimited(`${error.message.replace(/\.$/, '')}, or call us.`, error.retryAfter);
        throw error;
      }
      await next();
    },
    bodyLimit({
      maxSize: ENQUIRY_BODY_LIMIT,
      onError: () => {
        throw new ApiError('payload_too_large', `The message is too long: at most ${ENQUIRY_BODY_LIMIT / 1024} KB is taken.`);
      },
    }),
    async (c) => {
      const body = await readBody(c);
      const meta = envelope.safeParse(body);
      if (!meta.success) throw invalidFields({ clientId: 'The client id must be a UUID.' });
      const clientId = meta.data.clientId ?? crypto.randomUUID();
      // Bots fill every field; people never see this one. Answer as if stored so the bot learns nothing.
      if (meta.data[HONEYPOT_FIELD]?.trim()) {
        c.get('log').info({ ip: clientAddress(c, ctx.config.trustedProxyHops) }, 'enquiry dropped: honeypot filled');
        return c.json({ id: clientId }, 201);
      }
      const checked = checkEnquiry(enquirySchema, body);
      if (!checked.ok) throw invalidFields(checked.errors);
      const id = await store(checked.value, clientId, await senderId(ctx, c));
      return c.json({ id }, 201);
    },
  );

  /** Stores the enquiry and queues its two emails once per client id; returns the enquiry's id. */
  function store(enquiry: Enquiry, clientId: string, userId: string | null): Promise<string> {
    return ctx.db.transaction(async (tx) => {
      let destinationNames: string[] = [];
      if (enquiry.kind === 'start_planning') {
        const { rows } = await tx.query<{ slug: string; name: string }>(
          `select slug, name from public.destinations where is_published and slug = any($1::text[])`,
          [enquiry.trip.destinations],
        );
        const names = new Map(rows.map((row) => [row.slug, row.name]));
        if (enquiry.trip.destinations.some((slug) => !names.has(slug))) {
          throw invalidFields({ 'trip.destinations': 'Choose destinations from the list' });
        }
        destinationNames = enquiry.trip.destinations.map((slug) => names.get(slug)!);
      }
      const details =
        enquiry.kind === 'chat'
          ? { page: enquiry.page ?? null }
          : enquiry.kind === 'contact'
            ? { preferred_contact: enquiry.preferredContact }
            : { preferred_contact: enquiry.preferredContact, ...enquiry.trip, destination_names: destinationNames };
      // The id is the client id, so the reference the visitor sees on the device is the stored one.
      const inserted = await tx.query<{ id: string }>(
        `insert into public.enquiries (id, client_id, kind, user_id, name, email, phone, subject, message, details)
         values ($1, $1, $2, (select id from public.users where id = $3::uuid), $4, $5, $6, $7, $8, $9)
         on conflict (client_id) do nothing
         returning id`,
        [
          clientId,
          enquiry.kind,
          userId,
          enquiry.name,
          enquiry.email,
          enquiry.kind === 'chat' ? null : enquiry.phone || null,
          enquiry.kind === 'contact' ? enquiry.subject : enquiry.kind === 'chat' ? 'Chat message' : 'Tailor-made trip request',
          enquiry.message || null,
          JSON.stringify(details),
        ],
      );
      if (inserted.rows.length === 0) {
        const { rows } = await tx.query<{ id: string }>(`select id from public.enquiries where client_id = $1`, [clientId]);
        return rows[0].id;
      }
      const id = inserted.rows[0].id;
      const reference = enquiryReference(id);
      const company = await activeCompany(tx, addressOf(ctx.config.mailFrom));
      const toCompany = companyEmail(enquiry, reference, destinationNames);
      await ctx.mail.enqueue({ to: company.email, ...toCompany, kind: 'enquiry_received' }, tx);
      await ctx.mail.enqueue({ to: enquiry.email, ...acknowledgement(enquiry, reference, company), kind: 'enquiry_acknowledgement' }, tx);
      ctx.log('enquiry stored', { id, kind: enquiry.kind });
      return id;
    });
  }

  return app;
}
