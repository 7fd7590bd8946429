import path from 'node:path';
import type { LevelWithSilent } from 'pino';
import type { PlatformConfig } from './platform/config.ts';

export type LogLevel = LevelWithSilent;

const logLevels: readonly string[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** LOG_LEVEL read as one of pino's levels; anything else is the fallback. */
export function logLevelOf(value: string | undefined, fallback: LogLevel): LogLevel {
  return value !== undefined && logLevels.includes(value) ? (value as LogLevel) : fallback;
}

/** Everything the server reads from the environment, with safe defaults (documented in README): the platform's settings and the product's. */
export interface Config extends PlatformConfig {
  port: number;
  host: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * How often (ms) the email jobs look for work: the writer of booking emails and the sender of the
   * queue (EMAIL_TICK_MS, 5 s by default). The end-to-end servers look more often, so a test waits less.
   */
  emailTickMs: number;
  /** Seed the demo company on first start. */
  seedDemo: boolean;
  /** Directory of the built app; the server serves it when present. */
  distDir: string;
  /** The logger's level (LOG_LEVEL): info by default, silent for none. */
  logLevel: LogLevel;
  /** Card payments through Stripe Checkout are offered only when this is set. */
  stripeSecretKey?: string;
  /** Verifies the Stripe-Signature of webhook events. */
  stripeWebhookSecret?: string;
  /** Stripe's API; tests point it at a local stand-in. */
  stripeApiUrl: string;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtExpiry: int(env.JWT_EXPIRY, 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Kilele Safaris <hello@kilelesafaris.co.tz>',
    emailTickMs: Math.max(100, int(env.EMAIL_TICK_MS, 5_000)),
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    emailConfirmRequired: bool(env.AUTH_EMAIL_CONFIRM, false),
    trustedProxyHops: int(env.TRUSTED_PROXY_HOPS, 0),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    restMaxCost: { anon: int(env.REST_MAX_COST_ANON, 50_000), authenticated: int(env.REST_MAX_COST_AUTHENTICATED, 250_000) },
    restMaxRows: { anon: int(env.REST_MAX_ROWS_ANON, 20_000), authenticated: int(env.REST_MAX_ROWS_AUTHENTICATED, 100_000) },
    embeddedStatementLimitMs: int(env.EMBEDDED_STATEMENT_LIMIT_MS, 15_000),
    seedDemo: bool(env.SEED_DEMO, true),
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    logLevel: logLevelOf(env.LOG_LEVEL, 'info'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: (env.STRIPE_API_URL || 'https://api.stripe.com').replace(/\/$/, ''),
    ...overrides,
  };
  return config;
}
