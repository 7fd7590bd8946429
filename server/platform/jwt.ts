import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** The claims Supabase puts in its JWTs; the ones the server relies on are typed. */
export interface Claims {
  sub?: string;
  role: ApiRole;
  aud?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  email?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  session_id?: string;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  is_anonymous?: boolean;
  [key: string]: unknown;
}

export class JwtError extends Error {
  constructor(message: string, readonly expired = false) {
    super(message);
  }
}

/** Verified tokens kept so a busy client is not re-verified on every request (bounded). */
const verifiedCacheSize = 1000;

export class JwtKeys {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, Claims>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * Keys for tokens of one purpose (a tour's preview address), derived from the secret: such a token
   * is refused by the APIs, and an API token is refused where a token of that purpose is asked for.
   */
  forPurpose(purpose: string): JwtKeys {
    return new JwtKeys(createHmac('sha256', this.key).update(purpose).digest('hex'));
  }

  sign(claims: Claims, expiresInSeconds?: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const body: Claims = { iat: now, ...claims };
    if (expiresInSeconds !== undefined) body.exp = now + expiresInSeconds;
    return new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  /**
   * The token's claims if its signature is ours and it has not expired. Verifying HS256 costs more
   * than many queries, so verified tokens are remembered; expiry is still checked on every use.
   */
  async verify(token: string): Promise<Claims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp === undefined || known.exp > Date.now() / 1000) return known;
      this.verified.delete(token);
      throw new JwtError('JWT expired', true);
    }
    const claims = await this.verifyUncached(token);
    if (this.verified.size >= verifiedCacheSize) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  private async verifyUncached(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
        throw new JwtError('JWT role is not allowed');
      }
      return payload as Claims;
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
      throw new JwtError('JWT could not be decoded');
    }
  }

  /** The long-lived API keys a Supabase project hands out. */
  async apiKeys(): Promise<{ anonKey: string; serviceRoleKey: string }> {
    // Fixed times so the keys only change when the secret does.
    const base = { iss: 'supabase-local', iat: 1763769600, exp: 2079129600 };
    return {
      anonKey: await this.sign({ ...base, role: 'anon' }),
      serviceRoleKey: await this.sign({ ...base, role: 'service_role' }),
    };
  }
}
