// The machine a bench ran on, printed beside its figures: cores, CPU model and clock, load average
// and the time of a fixed CPU loop (its speed now; compare runs of one machine only).
import fs from 'node:fs';
import os from 'node:os';

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** Milliseconds a fixed 50M-step loop takes: the machine's speed at this moment. */
function cpuLoopMs() {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 50_000_000; i++) x = (x + i * 7) % 1_000_003;
  const ms = performance.now() - t0;
  if (x < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return ms;
}

export function machine() {
  const cpus = os.cpus();
  // Some VMs report 0 MHz to os.cpus(); /proc/cpuinfo (Linux) may still say.
  const procMhz = fs.existsSync('/proc/cpuinfo') ? /cpu MHz\s*:\s*([\d.]+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] : undefined;
  const mhz = cpus[0]?.speed || (procMhz ? Math.round(Number(procMhz)) : 'unknown');
  return `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'} @ ${mhz} MHz, load ${loadAverage()}, a fixed 50M-step loop ${cpuLoopMs().toFixed(0)} ms, node ${process.version}`;
}
