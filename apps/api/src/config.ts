import path from 'node:path';

/** Run-time settings, parsed once at start (see ARCHITECTURE.md "Run-time settings"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Folder holding the built web apps (shell/, main/, school/, dashboard/, podcast/). */
  webDir: string;
  /** Optional file that replaces the shell's built remotes.json (name -> remote entry URL). */
  remotesManifest: string | undefined;
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
  /** Trust X-Forwarded-For from a reverse proxy, so per-IP limits see the real client. */
  trustProxy: boolean;
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
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push('SMTP_URL must start with smtp:// or smtps://');
  if (problems.length) throw new Error(`Invalid settings:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'var'),
    // The bundle lives in dist/apps/api, the web apps beside it in dist/apps/<name>.
    webDir: path.resolve(env.WEB_DIR ?? path.join(__dirname, '..')),
    remotesManifest: env.REMOTES_MANIFEST || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    msClientId: env.MS_CLIENT_ID || undefined,
    msAuthority: env.MS_AUTHORITY || undefined,
    redisPrefix: env.REDIS_PREFIX || 'voxclub:',
    mailFrom: env.MAIL_FROM || 'VoxClub <no-reply@voxclub.local>',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  };
}
