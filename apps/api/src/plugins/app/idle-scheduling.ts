import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** util-linux's chrt on the PATH (Linux), if there is one. */
export function findChrt(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    const candidate = path.join(dir, 'chrt');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Puts the calling thread under SCHED_IDLE (Linux, through chrt): the kernel runs it only when no
 * other thread wants the CPU, and a waking event loop preempts it at once. Answers whether it
 * took; elsewhere (no chrt, not Linux) nothing changes.
 */
export function idleThisThread(): boolean {
  const chrt = findChrt();
  if (!chrt) return false;
  try {
    // /proc/thread-self -> "<pid>/task/<tid>": this thread's id, which chrt -p accepts.
    const tid = fs.readlinkSync('/proc/thread-self').split('/').pop() as string;
    execFileSync(chrt, ['--idle', '-p', '0', tid], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
