import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest, type Db } from '../db/database';
import { createNotification } from '../repositories/notifications';
import { createRolesRepository } from '../repositories/roles';
import { createSubscriptionsRepository } from '../repositories/subscriptions';
import { createUsersRepository } from '../repositories/users';
import { findPlan, insertPlan, listPlans, retirePlan } from '../repositories/memberships';
import { formatPrice } from '../services/memberships/context';
import { DEMO_HANDLE, seedDemo } from './seed-demo';
import { featureRead, readLines, sessionWithScript } from '../repositories/first-hour';
import { copyStorage } from './storage-copy';
import { createLocalDiskStorage, createS3Storage } from '../plugins/app/storage';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  grant --user <email|handle> --role <role> [--days N]
        With --days: give the user a subscription to <role> for N days.
        Without: make <role> the user's own role.
  revoke --user <email|handle> [--role <role>]
        End the user's running subscriptions (to <role> only, when given), and set the
        user's own role back to member if it was <role> (or any role, without --role).
  roles  List the roles and their privileges.
  users  List the users with their role and running subscriptions.
  plans list
        List the membership plans (on sale and retired) with role, period and price.
  plans add --id <id> --name <name> --role <role> --period <N>d|<N>m --price <minor units> [--currency USD]
        Put a plan on sale: it grants <role> for N days (d) or N months (m) at the price in
        minor units (cents): e.g. --period 1m --price 500 is 5.00 a month.
  plans retire --id <id>
        Stop selling a plan; subscriptions already bought keep running.
  seed-demo
        Add a few public-domain scenes (public, free) by the VoxClub account; run again to update.
  feature-read --session <sessionId>
        Offer this finished table read of a demo scene on the front door (its Listen button).
        Every spoken line needs its picked take; ask the readers first, their voices go public.
  storage copy --to s3|local
        Copy every stored file (recordings, photos) from DATA_DIR/uploads to the S3 bucket
        (S3_* settings), or back with --to local. Safe to run again: files already there are
        skipped. Nothing is deleted.

Uses the server's settings: DATA_DIR (SQLite), or DATABASE_URL (PostgreSQL), S3_*.`;

interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  /** An open database (tests); otherwise one is opened from the environment and closed at the end. */
  db?: Db;
  env?: NodeJS.ProcessEnv;
}

class UsageError extends Error {}

const defaultIo: AdminIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Runs one admin command; answers the exit code (0 done, 1 failed, 2 bad usage). */
export async function main(argv: string[], io: AdminIo = defaultIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    (command ? io.out : io.err)(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'storage') return storageCommand(rest, io);
  if (command === 'plans') return plansCommand(rest, io);
  let values: { user?: string; role?: string; days?: string; session?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { user: { type: 'string' }, role: { type: 'string' }, days: { type: 'string' }, session: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }

  return withDatabase(io, (db) => run(db, command, values, io));
}

/** `storage copy --to s3|local`: needs no database, only the storage settings. */
async function storageCommand(args: string[], io: AdminIo): Promise<number> {
  let to: string | undefined;
  let positionals: string[];
  try {
    const parsed = parseArgs({ args, options: { to: { type: 'string' } }, strict: true, allowPositionals: true });
    to = parsed.values.to;
    positionals = parsed.positionals;
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (positionals.join(' ') !== 'copy' || (to !== 's3' && to !== 'local')) {
    io.err(`Use: storage copy --to s3 (or --to local).\n\n${USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(io.env ?? process.env);
    if (!config.s3) {
      io.err('Failed: S3_BUCKET is not set: set the S3_* settings of the bucket first.');
      return 1;
    }
    const local = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
    const bucket = createS3Storage(config.s3);
    await bucket.check();
    await (to === 's3' ? copyStorage(local, bucket, io.out) : copyStorage(bucket, local, io.out));
    return 0;
  } catch (err) {
    io.err(`Failed: ${(err as Error).message}`);
    return 1;
  }
}

const PLAN_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Runs a command's work on the given database (tests) or one opened and migrated from the
 * environment (closed after); answers its exit code: 2 for bad usage, 1 for any other failure.
 */
async function withDatabase(io: AdminIo, work: (db: Db) => Promise<number>): Promise<number> {
  const dbOptions = io.db ? null : toDbOptions(io.env ?? process.env);
  const ownDb = dbOptions ? createDatabase(dbOptions) : null;
  const db = io.db ?? (ownDb as { db: Db }).db;
  try {
    if (ownDb) await migrateToLatest(db, dbOptions?.pgSchema);
    return await work(db);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`Failed: ${(err as Error).message}`);
    return 1;
  } finally {
    if (ownDb) await ownDb.db.destroy();
  }
}

/** `plans list|add|retire`: the membership plans on sale. */
async function plansCommand(args: string[], io: AdminIo): Promise<number> {
  let values: Record<string, string | undefined>;
  let positionals: string[];
  try {
    const options = { id: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, period: { type: 'string' }, price: { type: 'string' }, currency: { type: 'string' } } as const;
    ({ values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true }));
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const sub = positionals.join(' ');
  if (!['list', 'add', 'retire'].includes(sub)) {
    io.err(`Use: plans list, plans add ... or plans retire --id <id>.\n\n${USAGE}`);
    return 2;
  }
  return withDatabase(io, async (db) => {
    if (sub === 'list') {
      for (const plan of await listPlans(db, { activeOnly: false })) {
        const period = `${plan.period_count} ${plan.period_unit}${plan.period_count === 1 ? '' : 's'}`;
        io.out(`${plan.id}\t${plan.name}\trole ${plan.role}\t${period}\t${formatPrice(plan.price_minor, plan.currency)}\t${plan.active ? 'on sale' : 'retired'}`);
      }
      return 0;
    }
    if (!values.id || !PLAN_ID.test(values.id)) throw new UsageError('--id is required: lower-case letters, digits and dashes (e.g. writer-monthly).');
    if (sub === 'retire') {
      if (!(await findPlan(db, values.id))) throw new Error(`No plan "${values.id}".`);
      const retired = await retirePlan(db, values.id);
      io.out(retired ? `${values.id} is retired: no longer on sale; running subscriptions keep their time.` : `${values.id} was already retired.`);
      return 0;
    }
    const period = /^(\d{1,4})([dm])$/.exec(values.period ?? '');
    if (!values.name?.trim()) throw new UsageError('--name is required.');
    if (!values.role) throw new UsageError('--role is required.');
    if (!period || Number(period[1]) < 1) throw new UsageError('--period must be a number of days or months, e.g. 30d or 1m.');
    const price = Number(values.price);
    if (!Number.isInteger(price) || price < 0) throw new UsageError('--price must be a whole number of minor units (cents), e.g. 500 for 5.00.');
    const currency = (values.currency ?? 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError('--currency must be a three-letter code such as USD or EUR.');
    const roles = createRolesRepository(db);
    if (!(await roles.exists(values.role))) {
      const known = (await roles.list()).map((r) => r.name).join(', ');
      throw new Error(`Unknown role "${values.role}". Roles: ${known}.`);
    }
    if (await findPlan(db, values.id)) throw new Error(`A plan "${values.id}" exists already (plans are never changed once sold: retire it and add a new one).`);
    const plan = {
      id: values.id,
      name: values.name.trim(),
      role: values.role,
      period_unit: period[2] === 'd' ? ('day' as const) : ('month' as const),
      period_count: Number(period[1]),
      price_minor: price,
      currency,
      active: 1,
      created_at: new Date().toISOString(),
    };
    await insertPlan(db, plan);
    io.out(`${plan.id} is on sale: ${plan.name}, role ${plan.role}, ${formatPrice(price, currency)} per ${plan.period_count} ${plan.period_unit}${plan.period_count === 1 ? '' : 's'}.`);
    return 0;
  });
}

function toDbOptions(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, pgSchema: config.pgSchema };
}

async function run(db: Db, command: string, values: { user?: string; role?: string; days?: string; session?: string }, io: AdminIo): Promise<number> {
  const roles = createRolesRepository(db);
  const users = createUsersRepository(db, roles);
  const subscriptions = createSubscriptionsRepository(db);

  const findUser = async () => {
    if (!values.user) throw new UsageError('--user is required.');
    const user = await users.findByEmailOrHandle(values.user);
    if (!user) throw new Error(`No user with the email, handle or id "${values.user}".`);
    return user;
  };
  const label = (u: { email: string | null; handle: string | null; id: string }) => u.email ?? u.handle ?? u.id;

  switch (command) {
    case 'grant': {
      if (!values.role) throw new UsageError('--role is required.');
      let days: number | undefined;
      if (values.days !== undefined) {
        days = Number(values.days);
        if (!Number.isInteger(days) || days < 1 || days > 36_500) throw new UsageError('--days must be a whole number of days (1 or more).');
      }
      const user = await findUser();
      if (!(await roles.exists(values.role))) {
        const known = (await roles.list()).map((r) => r.name).join(', ');
        throw new Error(`Unknown role "${values.role}". Roles: ${known}.`);
      }
      if (days === undefined) {
        await users.setRole(user.id, values.role);
        await createNotification(db, { userId: user.id, type: 'membership', payload: { role: values.role, expiry: null, event: 'granted' } });
        io.out(`${label(user)} now has the role ${values.role} (was ${user.role}).`);
      } else {
        const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
        await subscriptions.create({ userId: user.id, role: values.role, expiresAt, source: 'admin' });
        await createNotification(db, {
          userId: user.id,
          type: 'membership',
          payload: { role: values.role, expiry: expiresAt.toISOString(), event: 'granted' },
        });
        io.out(`${label(user)} has a ${values.role} subscription until ${expiresAt.toISOString()}.`);
      }
      return 0;
    }
    case 'revoke': {
      if (values.days !== undefined) throw new UsageError('revoke takes no --days.');
      const user = await findUser();
      const ended = await subscriptions.endActive(user.id, values.role);
      // The member hears of it in Messages (one message per revoke, naming the role when given).
      if (ended > 0 || (user.role !== 'member' && (!values.role || values.role === user.role))) {
        await createNotification(db, {
          userId: user.id,
          type: 'membership',
          payload: { role: values.role ?? user.role, expiry: null, event: 'revoked' },
        });
      }
      io.out(`Ended ${ended} running subscription${ended === 1 ? '' : 's'} of ${label(user)}${values.role ? ` to ${values.role}` : ''}.`);
      if (user.role !== 'member' && (!values.role || values.role === user.role)) {
        await users.setRole(user.id, 'member');
        io.out(`${label(user)}'s own role is member again (was ${user.role}).`);
      }
      return 0;
    }
    case 'roles': {
      for (const role of await roles.list()) io.out(`${role.name}: ${role.privileges.join(', ') || '(no privileges)'}`);
      return 0;
    }
    case 'users': {
      const all = await users.list();
      const active = await subscriptions.listActive(all.map((u) => u.id));
      if (all.length === 0) io.out('No users yet.');
      for (const user of all) {
        const subs = active
          .filter((s) => s.user_id === user.id)
          .map((s) => `${s.role} until ${s.expires_at}`)
          .join('; ');
        io.out(`${label(user)}\trole ${user.role}${subs ? `\tsubscriptions: ${subs}` : ''}`);
      }
      return 0;
    }
    case 'seed-demo':
      return seedDemo(db, io.out, io.env ?? process.env);
    case 'feature-read': {
      // The front door's Listen button plays a finished read staff chose.
      if (!values.session) throw new UsageError('--session is required.');
      const session = await sessionWithScript(db, values.session);
      if (!session) throw new Error(`No reading session "${values.session}".`);
      if (session.handle?.toLowerCase() !== DEMO_HANDLE || session.visibility !== 'public') {
        throw new Error(`"${session.title}" is not a public demo scene (npm run admin -- seed-demo makes them).`);
      }
      const lines = await readLines(db, session.scriptId, values.session);
      const missing = lines.filter((l) => l.role && !l.audioId).length;
      if (missing > 0) throw new Error(`This read is not finished: ${missing} spoken line${missing === 1 ? ' has' : 's have'} no picked take.`);
      await featureRead(db, session.scriptId, values.session);
      io.out(`The front door now plays this read of "${session.title}".`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}
