import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import webApps from './plugins/external/web-apps';
import healthRoutes from './routes/api/health';

export interface BuildOptions {
  config: Config;
  /** Pino options; tests pass false to keep output quiet. */
  logger?: boolean | object;
}

export async function buildApp({ config, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024 });
  await app.register(healthRoutes, { prefix: '/api' });
  // Last: the web apps own every non-/api path, including the history fallback.
  await app.register(webApps, { config });
  return app;
}
