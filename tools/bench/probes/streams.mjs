// Live-read streams: one member opening 1,501 of them, the cap per read, and a role change's time
// with the most listeners a read allows (the live role-change bench's own code).
import { listen, setUpRead, STREAMS_PER_MEMBER, timeRoleChanges } from '../live-role-change.mjs';
import { median } from '../lib/stats.mjs';
import { verdict } from './kit.mjs';

const PER_SESSION = 200;
const ms = (x) => `${x.toFixed(1)} ms`;

export const streamProbes = {
  async streams({ url, args }) {
    const opened = Number(args.streams);
    const changes = Number(args.changes);
    console.log(`\nLive streams: one member opens ${opened}; ${PER_SESSION} listeners from ${PER_SESSION / STREAMS_PER_MEMBER} members; ${changes} role changes timed each time`);
    const read = await setUpRead(url, PER_SESSION / STREAMS_PER_MEMBER + 1);
    const greedy = read.members.at(-1);
    const listeners = read.members.slice(0, -1);
    const all = [];
    try {
      const quiet = await timeRoleChanges(url, read, [], changes);
      const t0 = performance.now();
      const mine = [];
      for (let i = 0; i < opened; i++) mine.push(await listen(url, greedy.token, read.sessionId));
      all.push(...mine);
      const openTime = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 200));
      const stillOpen = mine.filter((s) => !s.ended);
      const after = await timeRoleChanges(url, read, stillOpen, changes);
      console.log(`  ${opened} streams opened in ${(openTime / 1000).toFixed(1)} s; open now: ${stillOpen.length}`);
      console.log(`  role change, PUT answered: ${ms(median(quiet.answers))} with no stream open, ${ms(median(after.answers))} after the ${opened} (medians); every stream has it: ${ms(median(after.delivered))}`);
      verdict(stillOpen.length === STREAMS_PER_MEMBER, `one member keeps at most ${STREAMS_PER_MEMBER} streams open (${stillOpen.length} of ${opened})`);
      verdict(median(after.answers) <= 3 * median(quiet.answers) + 20, `their ${opened} streams do not slow a role change (${ms(median(after.answers))} against ${ms(median(quiet.answers))})`);
      for (const s of stillOpen) s.close();

      const streams = [];
      for (let i = 0; i < PER_SESSION; i++) streams.push(await listen(url, listeners[i % listeners.length].token, read.sessionId));
      all.push(...streams);
      const timed = await timeRoleChanges(url, read, streams, changes);
      console.log(`  ${PER_SESSION} listeners: role change PUT answered ${ms(median(timed.answers))} (min ${ms(Math.min(...timed.answers))}, max ${ms(Math.max(...timed.answers))}), every stream has it ${ms(median(timed.delivered))} (max ${ms(Math.max(...timed.delivered))})`);
      all.push(await listen(url, greedy.token, read.sessionId));
      await new Promise((r) => setTimeout(r, 200));
      const readOpen = all.filter((s) => !s.ended).length;
      console.log(`  one more stream for the read: ${readOpen} open, the oldest closed`);
      verdict(readOpen === PER_SESSION, `a read keeps at most ${PER_SESSION} streams open (${readOpen})`);
      verdict(timed.delivered.every((d) => d < 5000), `every one of ${changes} role changes reached all ${PER_SESSION} listeners (slowest ${ms(Math.max(...timed.delivered))})`);
    } finally {
      for (const s of all) s.close();
    }
  },
};
