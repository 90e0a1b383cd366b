import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createStorage, type Storage } from '../plugins/app/storage';
import { checkInBrowser, checkStoredFiles } from './candidate-check';
import { checkSharedImports } from './shared-imports';
import {
  isReleasableRemote,
  promote,
  publish,
  readLive,
  releaseLog,
  ReleaseError,
  RELEASABLE_REMOTES,
  rollback,
  versionsOf,
  type Actor,
  type CandidateCheck,
} from './remote-releases';

const USAGE = `Usage: npm run remotes -- <command> [options]

Commands:
  publish <remote> [--dir dist/apps/<remote>] [--commit <sha>]
        Store the built remote under its version (<content hash>-<commit>). Publishing the
        same build again changes nothing.
  status [<remote>]
        The published versions of each remote, which one is live and its fallback, and the
        last entries of the release log.
  promote <remote> <version> [--check-url <url of a running server>]
        Check the version, then make it live; the version live until now becomes its fallback.
        The check: its entry exposes what the shell imports, its files are whole, and every
        name it imports from a shared lib is exported by the shell this server serves
        (WEB_DIR/shell/shared-exports.json) in a version it accepts. With --check-url, the
        check also opens the version's pages in headless Chromium against that server, signed
        out and signed in as RELEASE_CHECK_EMAIL (with RELEASE_CHECK_PASSWORD), and refuses on
        any console error or error boundary.
  rollback <remote>
        Make the fallback (the version live before the last promote) live again.

Remotes: ${RELEASABLE_REMOTES.join(', ')}.
Uses the server's storage settings: DATA_DIR (files under DATA_DIR/uploads), or S3_* (the bucket).
Who ran a command is RELEASE_ACTOR, else GITHUB_ACTOR, else the user name. The browser check
runs the Chromium at CHROMIUM_PATH (default /usr/bin/chromium).`;

interface ReleaseIo {
  out(line: string): void;
  err(line: string): void;
  env?: NodeJS.ProcessEnv;
  /** The storage to use (tests); otherwise the one the settings name. */
  storage?: Storage;
  /** The candidate check (tests); otherwise the stored files' check, and Chromium's with --check-url. */
  check?: CandidateCheck;
  now?: () => Date;
}

const defaultIo: ReleaseIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function actorOf(env: NodeJS.ProcessEnv): string {
  return env.RELEASE_ACTOR || env.GITHUB_ACTOR || env.USER || os.userInfo().username;
}

function gitCommit(): string {
  return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8' }).trim();
}

/** Runs one command; answers the exit code (0 done or nothing to do, 1 refused or failed, 2 bad usage). */
export async function main(argv: string[], io: ReleaseIo = defaultIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  const parse = (args: string[]) =>
    parseArgs({ args, options: { dir: { type: 'string' }, commit: { type: 'string' }, 'check-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
  try {
    parsed = parse(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, remote, version, ...extra] = parsed.positionals;
  const { values } = parsed;
  if (!command || values.help || command === 'help') {
    (command ? io.out : io.err)(USAGE);
    return command ? 0 : 2;
  }
  const wants: Record<string, [number, number]> = { publish: [1, 1], status: [0, 1], promote: [2, 2], rollback: [1, 1] };
  const given = [remote, version, ...extra].filter((p) => p !== undefined).length;
  const range = wants[command];
  if (!range || given < range[0] || given > range[1]) {
    io.err(`${range ? `Wrong arguments for ${command}.` : `Unknown command: ${command}.`}\n\n${USAGE}`);
    return 2;
  }
  if (remote !== undefined && !isReleasableRemote(remote)) {
    io.err(`Unknown remote: ${remote} (one of ${RELEASABLE_REMOTES.join(', ')}).`);
    return 2;
  }
  const env = io.env ?? process.env;
  const actor: Actor = { by: actorOf(env), now: io.now };
  try {
    const storage = io.storage ?? createStorage(loadConfig(env));
    if (command === 'publish' && remote) {
      const dir = path.resolve(values.dir ?? path.join('dist', 'apps', remote));
      const result = await publish(storage, actor, remote, dir, values.commit ?? env.GIT_COMMIT?.slice(0, 7) ?? gitCommit());
      io.out(result.message);
      io.out(`Version: ${result.version}`);
      return 0;
    }
    if (command === 'promote' && remote && version) {
      const checkUrl = values['check-url'];
      const check: CandidateCheck =
        io.check ??
        (async (name, candidate) => {
          const problems = [...(await checkStoredFiles(storage, name, candidate)), ...(await checkSharedImports(storage, name, candidate, loadConfig(env).webDir))];
          // The browser check needs a candidate whose files are whole.
          if (problems.length || !checkUrl) return problems;
          const account = env.RELEASE_CHECK_EMAIL && env.RELEASE_CHECK_PASSWORD ? { email: env.RELEASE_CHECK_EMAIL, password: env.RELEASE_CHECK_PASSWORD } : undefined;
          if (!account) return ['The browser check opens the pages signed in too: set RELEASE_CHECK_EMAIL and RELEASE_CHECK_PASSWORD to an account kept for it.'];
          io.out(`Opening ${name} ${candidate} in Chromium against ${checkUrl}…`);
          return checkInBrowser(storage, name, candidate, checkUrl, account, env.CHROMIUM_PATH || undefined);
        });
      io.out((await promote(storage, actor, remote, version, check)).message);
      return 0;
    }
    if (command === 'rollback' && remote) {
      io.out((await rollback(storage, actor, remote)).message);
      return 0;
    }
    await status(storage, remote && isReleasableRemote(remote) ? [remote] : [...RELEASABLE_REMOTES], io);
    return 0;
  } catch (err) {
    io.err(err instanceof ReleaseError ? err.message : `Failed: ${(err as Error).message}`);
    return 1;
  }
}

async function status(storage: Storage, remotes: (typeof RELEASABLE_REMOTES)[number][], io: ReleaseIo): Promise<void> {
  const live = await readLive(storage);
  for (const remote of remotes) {
    const state = live[remote];
    // Each remote serves the site of its name (the dashboard: every site's /metrics).
    io.out(`${remote} (site ${remote}): live ${state ? state.live : 'built-in'}, fallback ${state ? (state.fallback && state.fallback !== state.live ? state.fallback : state.fallback ? 'none' : 'built-in') : 'none'}`);
    const versions = await versionsOf(storage, remote);
    if (!versions.length) io.out('  no published versions');
    for (const v of versions) {
      const mark = v.version === state?.live ? 'live' : v.version === state?.fallback ? 'fallback' : '';
      io.out(`  ${v.version}  ${v.publishedAt}  by ${v.publishedBy}  ${v.files} files${mark ? `  [${mark}]` : ''}`);
    }
  }
  io.out('Release log (latest last):');
  const entries = await releaseLog(storage);
  if (!entries.length) io.out('  empty');
  for (const entry of entries) {
    io.out(`  ${entry.at}  ${entry.by}  ${entry.command} ${entry.remote}${entry.version ? ` ${entry.version}` : ''}  ${entry.outcome}: ${entry.message.split('\n')[0]}`);
  }
}
