import path from 'node:path';
import { loadSoundsConfig, type SoundsConfig } from './sounds-config';
import type { S3Settings } from './plugins/app/storage/s3';

/** The default spacing of one member's large script writes (LARGE_SCRIPT_SAVE_INTERVAL_SECONDS). */
const LARGE_SCRIPT_SAVE_INTERVAL_SECONDS = 10;

/** Run-time settings, parsed once at start (every setting: docs/deploy.md "Settings"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Folder holding the built web apps (shell/, main/, school/, dashboard/, podcast/). */
  webDir: string;
  /** Optional file that replaces the shell's built remotes.json (name -> remote entry URL). */
  remotesManifest: string | undefined;
  /** The offline service worker (OFFLINE_WORKER=off serves one that removes itself: docs/offline.md). */
  offlineWorker: boolean;
  databaseUrl: string | undefined;
  /** PostgreSQL schema (search_path); tests give each run its own. */
  pgSchema: string | undefined;
  smtpUrl: string | undefined;
  redisUrl: string | undefined;
  msClientId: string | undefined;
  msAuthority: string | undefined;
  /** Key prefix in Redis for the rate-limit counters (several deployments can share a server). */
  redisPrefix: string;
  /** Sender of the mail the app sends (password-reset codes). */
  mailFrom: string;
  /** Where the contact and pilot-programme forms are mailed (TEAM_EMAIL). */
  teamEmail: string;
  /** The site's public address, for links in mail and on certificates (PUBLIC_URL). */
  publicUrl: string;
  /** Trust X-Forwarded-For from a reverse proxy, so per-IP limits see the real client. */
  trustProxy: boolean;
  /** Longest time a client may take to send one whole request, body included (408 after). */
  requestTimeoutMs: number;
  /** The refresh cookie's Secure flag: always, never, or 'auto' (when the request came over https). */
  cookieSecure: boolean | 'auto';
  /**
   * The refresh cookie's Domain (COOKIE_DOMAIN): the parent domain every site of the deployment
   * shares (example.com for example.com, school.example.com, …), so one cookie signs in on all of
   * them; undefined: a cookie per host, and the sites share the sign-in by handoff (siteOrigins).
   */
  cookieDomain: string | undefined;
  /**
   * The origins of the deployment's sites (SITE_ORIGINS, e.g. `https://example.com,https://school.example.com`),
   * the first being the hub that holds the sign-in for the others when they share no parent domain.
   * Only these take part in the sign-in handoff and pass the API's origin checks besides the
   * request's own origin; empty: a single site.
   */
  siteOrigins: string[];
  /**
   * The password-hashing process's CPU priority (PASSWORD_HASH_PRIORITY): `idle` (the default:
   * hashing takes only the CPU the server leaves over) or `normal`, for a machine where other
   * busy processes, not the server, would starve it (the API's test suite beside other suites).
   */
  passwordHashPriority: 'idle' | 'normal';
  /** Days the activity log keeps an entry; 0 keeps every entry. */
  activityRetentionDays: number;
  /** Most entries the activity log keeps (ACTIVITY_MAX_ENTRIES); the oldest go first. */
  activityMaxEntries: number;
  /**
   * The share of page views that report their web vitals (VITALS_SAMPLE_RATE, 0 to 1), given to
   * the web in the public config: 1 by default, 0.1 in production (NODE_ENV=production).
   */
  vitalsSampleRate: number;
  /** Days the raw vitals beacons are kept (VITALS_RETENTION_DAYS, default 30); their daily rollup (VITALS_ROLLUP_RETENTION_DAYS, default 400) outlives them. */
  vitalsRetentionDays: number;
  vitalsRollupRetentionDays: number;
  /** A member writes a large script (body over 128 KB) at most once per this many seconds; 0: no limit. */
  largeScriptSaveIntervalSeconds: number;
  /** The bucket every stored file goes to (S3_BUCKET set); undefined: files under DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** pg-boss's schema on PostgreSQL (JOBS_SCHEMA; default `<DATABASE_SCHEMA>_jobs` or `pgboss`). */
  jobsSchema: string;
  /** How often an idle job worker looks for work on PostgreSQL, in seconds (JOBS_POLL_SECONDS, default 2). */
  jobsPollSeconds: number;
  /** On SIGTERM, how long readiness answers 503 before the server closes (SHUTDOWN_DELAY_SECONDS, default 0). */
  shutdownDelayMs: number;
  /**
   * Who takes membership payments (PAYMENTS_PROVIDER): `stripe`, or `test`, the built-in provider
   * that takes no money. Unset: `test`, except in production (NODE_ENV=production), where it is
   * undefined and a purchase answers that payments are not set up, so a deploy without the setting
   * gives nothing away.
   */
  paymentsProvider: 'test' | 'stripe' | undefined;
  /**
   * Stripe Checkout's keys (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), set when PAYMENTS_PROVIDER
   * is `stripe`. STRIPE_API_BASE points the SDK elsewhere (tests' stand-in).
   */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** The audio library: storage per role, largest file, Freesound (see sounds-config.ts). */
  sounds: SoundsConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 4200);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number, got "${env.PORT}"`);
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (env.DATABASE_SCHEMA && !/^[a-z_][a-z0-9_]{0,62}$/.test(env.DATABASE_SCHEMA)) {
    problems.push('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }
  const requestTimeoutMs = Number(env.REQUEST_TIMEOUT_MS ?? 120_000);
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 100) {
    problems.push(`REQUEST_TIMEOUT_MS must be a whole number of milliseconds (100 or more), got "${env.REQUEST_TIMEOUT_MS}"`);
  }
  const passwordHashPriority = env.PASSWORD_HASH_PRIORITY ?? 'idle';
  if (passwordHashPriority !== 'idle' && passwordHashPriority !== 'normal') {
    problems.push(`PASSWORD_HASH_PRIORITY must be idle or normal, got "${passwordHashPriority}"`);
  }
  const activityRetentionDays = Number(env.ACTIVITY_RETENTION_DAYS ?? 90);
  if (!Number.isInteger(activityRetentionDays) || activityRetentionDays < 0) {
    problems.push(`ACTIVITY_RETENTION_DAYS must be a whole number of days (0 keeps everything), got "${env.ACTIVITY_RETENTION_DAYS}"`);
  }
  const activityMaxEntries = Number(env.ACTIVITY_MAX_ENTRIES ?? 10_000_000);
  if (!Number.isInteger(activityMaxEntries) || activityMaxEntries < 1) {
    problems.push(`ACTIVITY_MAX_ENTRIES must be a whole number of entries (1 or more), got "${env.ACTIVITY_MAX_ENTRIES}"`);
  }
  const vitalsSampleRate = Number(env.VITALS_SAMPLE_RATE ?? (env.NODE_ENV === 'production' ? 0.1 : 1));
  if (!(vitalsSampleRate >= 0 && vitalsSampleRate <= 1)) problems.push(`VITALS_SAMPLE_RATE must be a share from 0 to 1, got "${env.VITALS_SAMPLE_RATE}"`);
  const vitalsRetentionDays = Number(env.VITALS_RETENTION_DAYS ?? 30);
  if (!Number.isInteger(vitalsRetentionDays) || vitalsRetentionDays < 1) problems.push(`VITALS_RETENTION_DAYS must be a whole number of days (1 or more), got "${env.VITALS_RETENTION_DAYS}"`);
  const vitalsRollupRetentionDays = Number(env.VITALS_ROLLUP_RETENTION_DAYS ?? 400);
  if (!Number.isInteger(vitalsRollupRetentionDays) || vitalsRollupRetentionDays < 1) {
    problems.push(`VITALS_ROLLUP_RETENTION_DAYS must be a whole number of days (1 or more), got "${env.VITALS_ROLLUP_RETENTION_DAYS}"`);
  }
  const largeScriptSaveIntervalSeconds = Number(env.LARGE_SCRIPT_SAVE_INTERVAL_SECONDS ?? LARGE_SCRIPT_SAVE_INTERVAL_SECONDS);
  if (!Number.isInteger(largeScriptSaveIntervalSeconds) || largeScriptSaveIntervalSeconds < 0 || largeScriptSaveIntervalSeconds > 3600) {
    problems.push(`LARGE_SCRIPT_SAVE_INTERVAL_SECONDS must be a whole number of seconds from 0 (no limit) to 3600, got "${env.LARGE_SCRIPT_SAVE_INTERVAL_SECONDS}"`);
  }
  if (env.COOKIE_SECURE && !['true', 'false', 'auto'].includes(env.COOKIE_SECURE)) {
    problems.push(`COOKIE_SECURE must be true, false or auto, got "${env.COOKIE_SECURE}"`);
  }
  const siteOrigins = (env.SITE_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '').toLowerCase()).filter(Boolean);
  for (const origin of siteOrigins) {
    if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin)) problems.push(`SITE_ORIGINS must list origins like https://school.example.com (scheme, host, optional port; no path), got "${origin}"`);
  }
  const cookieDomain = env.COOKIE_DOMAIN ? env.COOKIE_DOMAIN.trim().replace(/^\./, '').toLowerCase() : undefined;
  if (cookieDomain !== undefined) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(cookieDomain)) problems.push(`COOKIE_DOMAIN must be a parent domain such as example.com, got "${env.COOKIE_DOMAIN}"`);
    for (const origin of siteOrigins) {
      const host = origin.replace(/^https?:\/\//, '').replace(/:\d+$/, '');
      if (host !== cookieDomain && !host.endsWith(`.${cookieDomain}`)) problems.push(`SITE_ORIGINS: ${origin} is not under COOKIE_DOMAIN ${cookieDomain}`);
    }
  }
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push('SMTP_URL must start with smtp:// or smtps://');
  if (env.PUBLIC_URL && !/^https?:\/\/[^/]+/.test(env.PUBLIC_URL)) problems.push('PUBLIC_URL must start with http:// or https://');
  if (env.S3_ENDPOINT && !/^https?:\/\//.test(env.S3_ENDPOINT)) problems.push('S3_ENDPOINT must start with http:// or https://');
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) problems.push('S3_BUCKET must be set when S3_ENDPOINT or S3_ACCESS_KEY_ID is');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  if (env.JOBS_SCHEMA && !/^[a-z_][a-z0-9_]{0,62}$/.test(env.JOBS_SCHEMA)) problems.push('JOBS_SCHEMA must be a lower-case SQL identifier');
  const jobsPollSeconds = Number(env.JOBS_POLL_SECONDS ?? 2);
  if (!(jobsPollSeconds >= 0.5 && jobsPollSeconds <= 600)) problems.push('JOBS_POLL_SECONDS must be between 0.5 and 600');
  const shutdownDelay = Number(env.SHUTDOWN_DELAY_SECONDS ?? 0);
  if (!(shutdownDelay >= 0 && shutdownDelay <= 300)) problems.push('SHUTDOWN_DELAY_SECONDS must be between 0 and 300');
  const paymentsProvider = env.PAYMENTS_PROVIDER || (env.NODE_ENV === 'production' ? undefined : 'test');
  if (paymentsProvider !== undefined && paymentsProvider !== 'test' && paymentsProvider !== 'stripe') {
    problems.push(`PAYMENTS_PROVIDER must be test or stripe, got "${env.PAYMENTS_PROVIDER}"`);
  }
  if (paymentsProvider === 'stripe' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.STRIPE_SECRET_KEY && paymentsProvider !== 'stripe') problems.push('STRIPE_SECRET_KEY is set: set PAYMENTS_PROVIDER=stripe to take payments through Stripe');
  if (env.STRIPE_API_BASE && !/^https?:\/\/[^/]+$/.test(env.STRIPE_API_BASE)) problems.push('STRIPE_API_BASE must be http(s)://host[:port]');
  const sounds = loadSoundsConfig(env, problems);
  if (problems.length) throw new Error(`Invalid settings:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'var'),
    // The bundle lives in dist/apps/api, the web apps beside it in dist/apps/<name>.
    webDir: path.resolve(env.WEB_DIR ?? path.join(__dirname, '..')),
    remotesManifest: env.REMOTES_MANIFEST || undefined,
    offlineWorker: env.OFFLINE_WORKER !== 'off',
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    msClientId: env.MS_CLIENT_ID || undefined,
    msAuthority: env.MS_AUTHORITY || undefined,
    redisPrefix: env.REDIS_PREFIX || 'voxclub:',
    mailFrom: env.MAIL_FROM || 'VoxClub <no-reply@voxclub.local>',
    teamEmail: env.TEAM_EMAIL || 'team@voxclub.local',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    requestTimeoutMs,
    passwordHashPriority: passwordHashPriority === 'normal' ? 'normal' : 'idle',
    activityRetentionDays,
    activityMaxEntries,
    vitalsSampleRate,
    vitalsRetentionDays,
    vitalsRollupRetentionDays,
    largeScriptSaveIntervalSeconds,
    cookieDomain,
    siteOrigins: [...new Set(siteOrigins)],
    cookieSecure: env.COOKIE_SECURE === 'true' ? true : env.COOKIE_SECURE === 'false' ? false : 'auto',
    jobsSchema: env.JOBS_SCHEMA || (env.DATABASE_SCHEMA ? `${env.DATABASE_SCHEMA}_jobs` : 'pgboss'),
    jobsPollSeconds,
    shutdownDelayMs: shutdownDelay * 1000,
    sounds,
    paymentsProvider: paymentsProvider === 'test' || paymentsProvider === 'stripe' ? paymentsProvider : undefined,
    stripe: paymentsProvider === 'stripe' && env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '', apiBase: env.STRIPE_API_BASE || undefined }
      : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || 'us-east-1',
          // Without keys the SDK's own chain applies (instance roles, AWS_* variables).
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
        }
      : undefined,
  };
}
