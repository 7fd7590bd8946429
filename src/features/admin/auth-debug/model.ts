/** The claims of an access token (its middle part), or null when it is not a readable JWT. */
export function tokenClaims(accessToken: string): Record<string, unknown> | null {
  const [, payload] = accessToken.split('.');
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** 'in 52 min', 'in 1 h 5 min', 'expired 3 min ago': how long a token has left, to the minute. */
export function timeLeft(expiresAtSeconds: number, nowMs: number): string {
  const minutes = Math.round((expiresAtSeconds * 1000 - nowMs) / 60_000);
  const span = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`);
  if (minutes < 0) return `expired ${span(-minutes)} ago`;
  if (minutes === 0) return 'expires within a minute';
  return `in ${span(minutes)}`;
}
