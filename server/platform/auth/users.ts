import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/types.ts';
import { errors } from './errors.ts';

/** The auth.users columns the API reads. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export const minPasswordLength = 6;
/** bcrypt ignores everything past 72 bytes; GoTrue refuses longer passwords rather than truncate. */
const maxPasswordBytes = 72;
const bcryptCost = 10;
// Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
const absentUserHash = bcrypt.hashSync('absent user', bcryptCost);

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, phone, phone_confirmed_at, banned_until, is_anonymous, created_at, updated_at`;

/** NUL and the other control characters: no email, password or name has them, and Postgres refuses NUL. */
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** Emails are compared case-insensitively and stored lower-case, as GoTrue does. */
export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string' || controlCharacters.test(value)) throw errors.invalidEmail();
  const email = value.trim().toLowerCase();
  if (email.length > 255 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw errors.invalidEmail();
  return email;
}

export function checkPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < minPasswordLength) throw errors.weakPassword(minPasswordLength);
  if (value.includes('\u0000')) throw errors.validation('Password cannot contain a NUL character');
  if (Buffer.byteLength(value) > maxPasswordBytes) {
    throw errors.validation(`Password cannot be longer than ${maxPasswordBytes} characters`);
  }
  return value;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost);
}

export async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  const matches = await bcrypt.compare(password, user?.encrypted_password || absentUserHash);
  return matches && Boolean(user?.encrypted_password);
}

/**
 * User metadata is copied into every access token, so it stays small: at most this much JSON (a name,
 * an avatar address and a few preferences fit many times over).
 */
export const maxMetadataBytes = 4 * 1024;

/** A metadata object from a request body: absent is {}, anything but a small plain object is refused. */
export function metadata(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw errors.validation(`${field} must be an object`);
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json) > maxMetadataBytes) throw errors.validation(`${field} is too large: at most ${maxMetadataBytes / 1024} KB of JSON is taken`);
  // Postgres's jsonb has no NUL character (\u0000), in a key or a value.
  if (json.includes('\\u0000')) throw errors.validation(`${field} cannot contain a NUL character`);
  return value as Record<string, unknown>;
}

/** GoTrue's metadata update: keys are set, and a key set to null is removed. */
export function mergeMetadata(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function findUserByEmail(db: Queryable, email: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where lower(email) = $1${lock ? ' for update' : ''}`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1${lock ? ' for update' : ''}`, [id]);
  return rows[0];
}

/** A page of users, newest first (GoTrue's default order). */
export async function listUsers(db: Queryable, limit: number, offset: number): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users order by created_at desc, id limit $1 offset $2`,
    [limit, offset],
  );
  return rows;
}

export interface NewUser {
  email: string;
  password?: string;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  /**
   * The address is proven (identity_data.email_verified): by an admin who vouches for it, or later by a
   * link followed. Default: as confirmed. A sign-up confirmed at once because confirmation is off has
   * proven nothing (create_booking reads this: a proven address holds seats the longer time).
   */
  emailVerified?: boolean;
}

/** Inserts the auth.users row and its email identity, as GoTrue does on sign-up. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const encrypted = user.password ? await hashPassword(user.password) : null;
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, case when $3 then now() end, $4, $5)
     returning ${userColumns}`,
    [user.email, encrypted, user.confirmed, JSON.stringify(appMetadata), JSON.stringify(user.userMetadata)],
  );
  const created = rows[0];
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1, $2, $3, 'email')`,
    [created.id, created.id, JSON.stringify({ sub: created.id, email: user.email, email_verified: user.emailVerified ?? user.confirmed, phone_verified: false })],
  );
  return created;
}

/** Changes the address everywhere GoTrue keeps it: the user and its email identity. */
export async function changeEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `update auth.users set email = $2, email_change = null, email_change_token_new = null, email_change_token_current = null,
            email_change_confirm_status = 0, email_change_sent_at = null, updated_at = now() where id = $1`,
    [userId, email],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

async function identitiesOf(db: Queryable, userIds: string[]): Promise<Map<string, IdentityRow[]>> {
  const byUser = new Map<string, IdentityRow[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any($1::uuid[]) order by created_at`,
    [userIds],
  );
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return byUser;
}

/** A user as GoTrue returns it (the User type of auth-js). */
export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: user.email_confirmed_at ?? undefined,
    phone: user.phone ?? '',
    confirmation_sent_at: user.confirmation_sent_at ?? undefined,
    recovery_sent_at: user.recovery_sent_at ?? undefined,
    new_email: user.email_change ?? undefined,
    email_change_sent_at: user.email_change_sent_at ?? undefined,
    confirmed_at: user.email_confirmed_at ?? user.phone_confirmed_at ?? undefined,
    last_sign_in_at: user.last_sign_in_at ?? undefined,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: identity.last_sign_in_at ?? undefined,
      created_at: identity.created_at,
      updated_at: identity.updated_at,
      email: identity.email ?? undefined,
    })),
    created_at: user.created_at,
    updated_at: user.updated_at,
    banned_until: user.banned_until ?? undefined,
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

export async function usersJson(db: Queryable, users: UserRow[]): Promise<UserJson[]> {
  const identities = await identitiesOf(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => userJson(user, identities.get(user.id) ?? []));
}

export async function loadUserJson(db: Queryable, userId: string): Promise<UserJson> {
  const user = await findUserById(db, userId);
  if (!user) throw errors.userNotFound();
  return (await usersJson(db, [user]))[0];
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}
