import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';

// Only listens and closes gracefully; everything else is assembled in app.ts.
async function main() {
  const config = loadConfig();
  // Log lines (one per request) are written by libuv's thread pool, not by the event loop: with
  // pino's default synchronous stdout, every request paid a write(2) on the event loop, and when
  // stdout is a file the kernel's writeback can stall that call for many milliseconds, stalling
  // every request behind it (tools/bench/README.md). Lines written while one write is in flight
  // are gathered into the next; pino flushes what is left when the process exits.
  const stream = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info', stream } });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Readiness fails first, so a load balancer that polls it stops sending new requests; then
    // close: no new connections, in-flight requests finish, the job queue stops (running jobs
    // finish, the rest stay queued for the other instances), the database pool closes.
    app.lifecycle.draining = true;
    if (config.shutdownDelayMs) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    await app.close();
    stream.flushSync();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
