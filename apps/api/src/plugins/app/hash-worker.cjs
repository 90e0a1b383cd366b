// The password-hashing child process (see password-hashing.ts): argon2 jobs in, answers out,
// over the IPC channel. Plain JavaScript so the same file runs from the source tree (tests) and,
// bundled, from dist/apps/api/hash-worker.js. It runs at a low OS priority, set by its parent.
const argon2 = require('argon2');

const OPTIONS = JSON.parse(process.env.VOX_ARGON2_OPTIONS || '{}');

process.on('message', async (job) => {
  try {
    const result = job.op === 'hash' ? await argon2.hash(job.password, OPTIONS) : await argon2.verify(job.hash, job.password);
    process.send({ id: job.id, ok: true, result });
  } catch (err) {
    process.send({ id: job.id, ok: false, error: String(err && err.message ? err.message : err) });
  }
});
// Leave with the parent: the IPC channel closes when it exits or dies.
process.on('disconnect', () => process.exit(0));
