import { Hono, type Context, type ErrorHandler } from 'hono';
import type { PlatformContext } from '../context.ts';
import { isPgError, type Queryable } from '../db/types.ts';
import { errors } from './errors.ts';
import { readBody, requireServiceRole } from './request.ts';
import { parseBanDuration, uuidPattern } from './tokens.ts';
import {
  changeEmail,
  checkPassword,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  listUsers,
  loadUserJson,
  mergeMetadata,
  metadata,
  normalizeEmail,
  usersJson,
} from './users.ts';

function userIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!uuidPattern.test(id)) throw errors.validation('user_id must be an UUID');
  return id;
}

function pageNumber(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw errors.validation('page and per_page must be positive whole numbers');
  return Math.min(n, max);
}

async function applyBan(db: Queryable, userId: string, value: unknown): Promise<void> {
  if (value === undefined || value === null || value === '') return;
  const duration = typeof value === 'string' ? parseBanDuration(value) : undefined;
  if (duration === undefined) throw errors.validation('invalid format for ban duration');
  await db.query(`update auth.users set banned_until = $2, updated_at = now() where id = $1`, [
    userId,
    duration === null ? null : new Date(Date.now() + duration),
  ]);
  // A banned user's sessions end now rather than when their access token expires.
  if (duration !== null) await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
}

/** The admin user endpoints of GoTrue (supabase.auth.admin.*), for the service-role key only. */
export function adminRoutes(ctx: PlatformContext, onError: ErrorHandler): Hono {
  const app = new Hono();
  app.onError(onError);
  app.use('*', async (c, next) => {
    await requireServiceRole(ctx, c);
    await next();
  });

  app.get('/users', async (c) => {
    const page = pageNumber(c.req.query('page'), 1, 1_000_000);
    const perPage = pageNumber(c.req.query('per_page'), 50, 1000);
    const { rows: counted } = await ctx.db.query<{ total: number }>(`select count(*)::int as total from auth.users`);
    const total = counted[0].total;
    const users = await listUsers(ctx.db, perPage, (page - 1) * perPage);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    // auth-js reads the page number right after the first '=' of each link.
    const links = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('x-total-count', String(total));
    c.header('link', links.join(', '));
    return c.json({ users: await usersJson(ctx.db, users), aud: 'authenticated' });
  });

  app.get('/users/:id', async (c) => c.json(await loadUserJson(ctx.db, userIdParam(c))));

  app.post('/users', async (c) => {
    const body = await readBody(c);
    if (body.email === undefined || body.email === null || body.email === '') {
      throw errors.validation(body.phone ? 'Phone users are not supported' : 'Unable to validate email address: invalid format');
    }
    const email = normalizeEmail(body.email);
    const password = body.password === undefined || body.password === null || body.password === '' ? undefined : checkPassword(body.password);
    const userMetadata = metadata(body.user_metadata, 'user_metadata');
    const appMetadata = metadata(body.app_metadata, 'app_metadata');
    try {
      const user = await ctx.db.transaction(async (tx) => {
        if (await findUserByEmail(tx, email)) throw errors.emailExists();
        const created = await insertUser(tx, { email, password, userMetadata, appMetadata, confirmed: body.email_confirm === true });
        await applyBan(tx, created.id, body.ban_duration);
        return loadUserJson(tx, created.id);
      });
      return c.json(user);
    } catch (error) {
      if (isPgError(error) && error.code === '23505') throw errors.emailExists();
      throw error;
    }
  });

  app.put('/users/:id', async (c) => {
    const id = userIdParam(c);
    const body = await readBody(c);
    const email = body.email === undefined || body.email === null || body.email === '' ? undefined : normalizeEmail(body.email);
    const password = body.password === undefined || body.password === null ? undefined : checkPassword(body.password);
    const userMetadata = body.user_metadata === undefined ? undefined : metadata(body.user_metadata, 'user_metadata');
    const appMetadata = body.app_metadata === undefined ? undefined : metadata(body.app_metadata, 'app_metadata');
    const encrypted = password === undefined ? undefined : await hashPassword(password);
    try {
      const user = await ctx.db.transaction(async (tx) => {
        const current = await findUserById(tx, id, true);
        if (!current) throw errors.userNotFound();
        if (email !== undefined && email !== current.email) {
          const holder = await findUserByEmail(tx, email);
          if (holder && holder.id !== id) throw errors.emailExists();
          await changeEmail(tx, id, email);
        }
        if (encrypted !== undefined) {
          await tx.query(`update auth.users set encrypted_password = $2, recovery_token = null, updated_at = now() where id = $1`, [id, encrypted]);
          // A password set by an admin signs the user out everywhere, as in GoTrue.
          await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
        }
        if (body.email_confirm === true) {
          await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [id]);
        }
        if (userMetadata !== undefined) {
          await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
            id,
            JSON.stringify(mergeMetadata(current.raw_user_meta_data, userMetadata)),
          ]);
        }
        if (appMetadata !== undefined) {
          await tx.query(`update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1`, [
            id,
            JSON.stringify(mergeMetadata(current.raw_app_meta_data, appMetadata)),
          ]);
        }
        await applyBan(tx, id, body.ban_duration);
        return loadUserJson(tx, id);
      });
      return c.json(user);
    } catch (error) {
      if (isPgError(error) && error.code === '23505') throw errors.emailExists();
      throw error;
    }
  });

  // Deleting the auth user removes its profile (public.users) and everything else that cascades.
  app.delete('/users/:id', async (c) => {
    const id = userIdParam(c);
    const { rowCount } = await ctx.db.query(`delete from auth.users where id = $1`, [id]);
    if (rowCount === 0) throw errors.userNotFound();
    return c.json({});
  });

  app.all('*', () => {
    throw errors.notFound();
  });

  return app;
}
