import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config';
import database from './plugins/external/database';
import webApps from './plugins/external/web-apps';
import newMessageCounts from './plugins/app/new-message-counts';
import { AccessLogController } from './plugins/external/request-log';
import compression from './plugins/external/compression';
import securityHeaders from './plugins/external/security-headers';
import cookies from './plugins/external/cookies';
import rateLimit from './plugins/external/rate-limit';
import multipart from './plugins/external/multipart';
import bodyParsing from './plugins/external/body-parsing';
import openapi from './plugins/external/openapi';
import { withLogRedaction } from './plugins/external/log-redaction';
import authentication from './plugins/app/authentication';
import errorHandler from './plugins/app/error-handler';
import passwordHashing from './plugins/app/password-hashing';
import mailer from './plugins/app/mailer';
import authorization from './plugins/app/authorization';
import accounts from './plugins/app/accounts';
import authSessions from './plugins/app/auth-sessions';
import passwordReset from './plugins/app/password-reset';
import microsoftSignIn from './plugins/app/microsoft-sign-in';
import rolesRepository from './repositories/roles-repository';
import usersRepository from './repositories/users-repository';
import subscriptionsRepository from './repositories/subscriptions-repository';
import tokensRepository from './repositories/tokens-repository';
import passwordResetsRepository from './repositories/password-resets-repository';
import lockoutsRepository from './repositories/lockouts-repository';
import apiRoutes from './routes/api';

export interface BuildOptions {
  config: Config;
  /** Pino options; tests pass false to keep output quiet. */
  logger?: boolean | object;
  /** Sees every route as it is registered; tests use it to cover every /api route automatically. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({ config, logger = true, onRoute }: BuildOptions): Promise<FastifyInstance> {
  // Trailing slashes are accepted either way on every route (ARCHITECTURE.md, API conventions).
  const app = Fastify({
    logger: withLogRedaction(logger),
    // One line per request instead of two (see plugins/external/request-log.ts).
    logController: new AccessLogController(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  // External plugins first (infrastructure), then app plugins, then routes.
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(cookies);
  await app.register(bodyParsing);
  await app.register(multipart);
  await app.register(rateLimit, { config });
  await app.register(openapi);
  await app.register(database, { config });
  // Repositories (SQL lives only there), then the services built on them.
  await app.register(rolesRepository);
  await app.register(usersRepository);
  await app.register(subscriptionsRepository);
  await app.register(tokensRepository);
  await app.register(passwordResetsRepository);
  await app.register(lockoutsRepository);
  await app.register(newMessageCounts, { config });
  await app.register(authentication, { config });
  await app.register(authorization);
  await app.register(passwordHashing);
  await app.register(mailer, { config });
  await app.register(authSessions);
  await app.register(accounts);
  await app.register(passwordReset, { config });
  await app.register(microsoftSignIn, { config });
  await app.register(apiRoutes, { prefix: '/api', config });
  // Last: the web apps own every non-/api path, including the history fallback.
  await app.register(webApps, { config });
  return app;
}
