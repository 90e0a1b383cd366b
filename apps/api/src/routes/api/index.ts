import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import health from './health';

/** One route module per area, all under /api. */
const apiRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(health);
  void config;
};

export default apiRoutes;
