import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import database from './plugins/external/database';
import webApps from './plugins/external/web-apps';
import authentication from './plugins/app/authentication';
import apiRoutes from './routes/api';

export interface BuildOptions {
  config: Config;
  /** Pino options; tests pass false to keep output quiet. */
  logger?: boolean | object;
}

export async function buildApp({ config, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024 });
  // External plugins first (infrastructure), then app plugins, then routes.
  await app.register(database, { config });
  await app.register(authentication, { config });
  await app.register(apiRoutes, { prefix: '/api', config });
  // Last: the web apps own every non-/api path, including the history fallback.
  await app.register(webApps, { config });
  return app;
}
