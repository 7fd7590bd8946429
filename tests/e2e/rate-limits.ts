import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * End-to-end runs sign up, book and look up far more from 127.0.0.1 than one visitor may, so every
 * server they start has its rate limits raised a thousandfold first: through the settings
 * (public.rate_limits, and the caps on unpaid holds of public.booking_hold_rules), as the seeded admin
 * would change them, never by turning a limit off.
 * Plain fetch, so a server started outside Playwright (built-server.ts) is raised the same way.
 */
export async function raiseRateLimits(baseUrl: string, dataDir: string): Promise<void> {
  const anonKey = ((await (await fetch(`${baseUrl}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  const admin = JSON.parse(await readFile(path.join(dataDir, 'admin-credentials.json'), 'utf8')) as { email: string; password: string };
  const signIn = async (): Promise<string> => {
    const signedIn = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (!signedIn.ok) throw new Error(`The admin could not sign in to raise the rate limits: ${await signedIn.text()}`);
    return ((await signedIn.json()) as { access_token: string }).access_token;
  };
  let token = await signIn();
  // A server started with tokens of a few seconds (session-expiry.spec.ts) can outlive the admin's
  // token within these requests on a busy machine: such a request signs in again and is sent once more.
  const asAdmin = async (url: string, init: { method?: string; body?: string } = {}): Promise<Response> => {
    const send = () => fetch(url, { ...init, headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const response = await send();
    if (response.status !== 401) return response;
    token = await signIn();
    return send();
  };
  const rules = (await (await asAdmin(`${baseUrl}/rest/v1/rate_limits?select=rule,max_hits`)).json()) as { rule: string; max_hits: number }[];
  if (rules.length === 0) throw new Error('No rate limit rules were found to raise');
  for (const { rule, max_hits: maxHits } of rules) {
    const raised = await asAdmin(`${baseUrl}/rest/v1/rate_limits?rule=eq.${encodeURIComponent(rule)}`, {
      method: 'PATCH',
      body: JSON.stringify({ max_hits: Math.min(maxHits * 1000, 1_000_000) }),
    });
    if (!raised.ok) throw new Error(`Raising ${rule} failed: ${await raised.text()}`);
  }
  const holds = await asAdmin(`${baseUrl}/rest/v1/booking_hold_rules?id=eq.true`, {
    method: 'PATCH',
    body: JSON.stringify({ unpaid_holds_per_address: 1000, unverified_seats_per_address: 10000, unpaid_holds_per_email: 1000 }),
  });
  if (!holds.ok) throw new Error(`Raising the caps on unpaid holds failed: ${await holds.text()}`);
}
