import { buildApp } from './app';
import { loadConfig } from './config';

// Only listens and closes gracefully; everything else is assembled in app.ts.
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
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
