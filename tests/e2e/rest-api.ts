import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ownServer } from './servers.ts';

/**
 * The REST and auth API as the end-to-end specs use it to set up and check what the browser did:
 * travelers made through /auth/v1, the company's own changes made as the seeded admin.
 */

export const PASSWORD = 'Kilimanjaro-2026!';

export interface Api {
  anonKey: string;
  request: APIRequestContext;
}

export async function api(request: APIRequestContext): Promise<Api> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseAnonKey: string };
  return { anonKey: config.supabaseAnonKey, request };
}

export async function signIn({ request, anonKey }: Api, email: string, password: string): Promise<string | null> {
  const response = await request.post('/auth/v1/token?grant_type=password', { headers: { apikey: anonKey }, data: { email, password } });
  return response.ok() ? ((await response.json()) as { access_token: string }).access_token : null;
}

export async function signUp(a: Api, fullName: string): Promise<{ email: string; userId: string; token: string }> {
  const email = `portal-${randomUUID().slice(0, 8)}@example.com`;
  const response = await a.request.post('/auth/v1/signup', { headers: { apikey: a.anonKey }, data: { email, password: PASSWORD, data: { full_name: fullName } } });
  expect(response.ok()).toBe(true);
  const token = (await signIn(a, email, PASSWORD))!;
  const user = (await (await a.request.get('/auth/v1/user', { headers: { apikey: a.anonKey, authorization: `Bearer ${token}` } })).json()) as { id: string };
  return { email, userId: user.id, token };
}

export async function rest<T>({ request, anonKey }: Api, token: string, method: 'GET' | 'POST' | 'PATCH', pathAndQuery: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, prefer: 'return=representation', 'content-type': 'application/json' },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(response.ok(), `${method} ${pathAndQuery}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The seeded admin's email and password; dataDir is the server's data directory (the e2e server's by default). */
export async function adminCredentials(dataDir = ownServer.dataDir): Promise<{ email: string; password: string }> {
  return JSON.parse(await readFile(path.join(dataDir, 'admin-credentials.json'), 'utf8')) as { email: string; password: string };
}

/** The seeded office's accounts (an agent, an editor, two guides) and their generated passwords. */
export async function staffCredentials(dataDir = ownServer.dataDir): Promise<{ role: string; name: string; email: string; password: string }[]> {
  return JSON.parse(await readFile(path.join(dataDir, 'staff-credentials.json'), 'utf8')) as { role: string; name: string; email: string; password: string }[];
}

/** The seeded admin's token. */
export async function adminToken(a: Api, dataDir?: string): Promise<string> {
  const admin = await adminCredentials(dataDir);
  return (await signIn(a, admin.email, admin.password))!;
}

/** Signs in through the sign-in form, for a test that proves what signing in does (it is logged, for one). */
export async function signInThroughForm(page: Page, email: string, password: string, to = '/traveler'): Promise<void> {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(to)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.locator('input[type=password]').fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === to);
}

/**
 * Opens `to` signed in as `email`, for a test whose subject is not signing in (auth.spec.ts proves the
 * form): the session is asked of /auth/v1 and kept where supabase-js keeps it on the device, as the
 * sign-in form leaves it, so the app starts signed in as it does on any later visit. It saves each
 * test the sign-in page's load and round trip.
 */
export async function openSignedIn(page: Page, email: string, password: string, to = '/traveler'): Promise<void> {
  const { anonKey } = await api(page.request);
  const response = await page.request.post('/auth/v1/token?grant_type=password', { headers: { apikey: anonKey }, data: { email, password } });
  expect(response.ok(), `signing in ${email}: ${await response.text()}`).toBe(true);
  const session = await response.text();
  // A page of the site's origin that starts no app, so the session is in place before the app reads it.
  await page.goto('/robots.txt');
  await page.evaluate((stored) => localStorage.setItem(`sb-${location.hostname.split('.')[0]}-auth-token`, stored), session);
  await page.goto(to);
  await page.waitForURL((url) => url.pathname === to);
}
