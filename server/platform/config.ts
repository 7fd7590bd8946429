/**
 * The platform's settings: only what auth, rest, storage, db and http read. The product's Config
 * (server/config.ts) extends it and loads both from the environment.
 */
export interface PlatformConfig {
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite database when set. */
  databaseUrl?: string;
  /** HS256 secret; generated once into DATA_DIR when not given. */
  jwtSecret?: string;
  /** Access token lifetime in seconds. */
  jwtExpiry: number;
  /** Public address of the site: tokens' issuer, emailed links' base, https or not. */
  siteUrl: string;
  /** When true, sign-ups must confirm their email before signing in. */
  emailConfirmRequired: boolean;
  /** Reverse proxies of our own in front of the server, whose X-Forwarded-For entries are trusted. */
  trustedProxyHops: number;
  /** Other sites allowed to call the APIs from a browser (CORS), besides the site itself. */
  corsOrigins: string[];
  /** The planner's estimated cost above which a REST request is refused, per role. */
  restMaxCost: { anon: number; authenticated: number };
  /** The most rows a REST read may return, counting embedded ones, per role. */
  restMaxRows: { anon: number; authenticated: number };
  /**
   * The embedded database: the longest one statement may keep it busy before the watchdog stops it
   * and opens the database again (PostgreSQL's roles have their own statement_timeout instead).
   */
  embeddedStatementLimitMs: number;
}
