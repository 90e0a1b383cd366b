import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config';
import database from './plugins/external/database';
import webApps from './plugins/external/web-apps';
import newMessageCounts from './services/messages/new-message-counts';
import storage from './plugins/app/storage';
import jobs from './plugins/app/jobs';
import { AccessLogController } from './plugins/external/request-log';
import compression from './plugins/external/compression';
import securityHeaders from './plugins/external/security-headers';
import cookies from './plugins/external/cookies';
import rateLimit from './plugins/external/rate-limit';
import multipart from './plugins/external/multipart';
import bodyParsing from './plugins/external/body-parsing';
import nulCharacters from './plugins/external/nul-characters';
import openapi from './plugins/external/openapi';
import { schemaController } from './plugins/external/validation';
import { withLogRedaction } from './plugins/external/log-redaction';
import authentication from './plugins/app/authentication';
import errorHandler, { answerClientError } from './plugins/app/error-handler';
import passwordHashing from './plugins/app/password-hashing';
import mailer from './plugins/app/mailer';
import authorization from './plugins/app/authorization';
import accounts from './services/accounts/accounts';
import authSessions from './services/accounts/auth-sessions';
import signInHandoff from './services/accounts/sign-in-handoff';
import siteOrigins from './plugins/external/site-origins';
import passwordReset from './services/accounts/password-reset';
import microsoftSignIn from './services/accounts/microsoft-sign-in';
import memberships from './services/memberships/memberships';
import activityLog from './services/activities/activity-log';
import friendships from './services/friendships';
import messages from './services/messages/messages';
import profiles from './services/profiles';
import scripts from './services/scripts/scripts';
import drafts from './services/drafts/drafts';
import readingSessions from './services/reading-sessions/reading-sessions';
// Removing people from a reading session.
import sessionPeople from './services/reading-sessions/session-people';
import activityRetention from './services/activities/activity-retention';
import rolesRepository from './repositories/roles';
import usersRepository from './repositories/users';
import subscriptionsRepository from './repositories/subscriptions';
import membershipsRepository from './repositories/memberships';
import tokensRepository from './repositories/tokens';
import passwordResetsRepository from './repositories/password-resets';
import lockoutsRepository from './repositories/lockouts';
import peopleRepository from './repositories/people';
import readRendersRepository from './repositories/read-renders';
import profilesRepository from './repositories/profiles';
import friendshipsRepository from './repositories/friendships';
import notificationsRepository from './repositories/notifications';
import activitiesRepository from './repositories/activities';
import scriptsRepository from './repositories/scripts';
import sessionsRepository from './repositories/sessions';
import takesRepository from './repositories/takes';
import shareLinksRepository from './repositories/share-links';
// Events.
import eventsRepository from './repositories/events';
import events from './services/events';
import formsRepository from './repositories/forms';
import forms from './services/forms';
import certificatesRepository from './repositories/certificates';
import certificates from './services/certificates';
// Classes and assignments.
import classesRepository from './repositories/classes';
import classes from './services/classes/classes';
import draftsRepository from './repositories/drafts';
import draftCommentsRepository from './repositories/draft-comments';
import metricsRepository from './repositories/metrics';
import vitalsRepository from './repositories/vitals';
// The audio library.
import soundsRepository from './repositories/sounds';
import fileLinks from './plugins/app/file-links';
import sounds from './services/sounds';
import metrics from './services/metrics/metrics';
import vitals from './services/vitals/vitals';
import vitalsRetention from './services/vitals/vitals-retention';
// The podcast variant.
import podcastRepository from './repositories/podcast';
import podcast from './services/podcast/podcast';
// Live table reads.
import liveRepository from './repositories/live';
// Conversations.
import conversationsRepository from './repositories/conversations';
import liveSessions from './services/live-sessions/live-sessions';
// The finished read.
import readRenders from './services/read-renders/read-renders';
// The first hour.
import firstHourRepository from './repositories/first-hour';
import firstHour from './services/first-hour';
// Casting calls.
import castingRepository from './repositories/casting';
import auditionsRepository from './repositories/casting-auditions';
import casting from './services/casting/casting';
import apiRoutes from './routes/api';
// Link previews, embeds, robots.txt and sitemaps.
import publicPagesRepository from './repositories/public-pages';
import publicPages from './services/public-pages/public-pages';
import siteFiles from './routes/site-files';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export interface BuildOptions {
  config: Config;
  /** Pino options; tests pass false to keep output quiet. */
  logger?: boolean | object;
  /** Sees every route as it is registered; tests use it to cover every /api route automatically. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({ config, logger = true, onRoute }: BuildOptions): Promise<FastifyInstance> {
  // Trailing slashes are accepted either way on every route (docs/architecture.md, API).
  const app = Fastify({
    logger: withLogRedaction(logger),
    // One line per request instead of two (see plugins/external/request-log.ts).
    logController: new AccessLogController(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // Every request ends: a body that trickles in or stops half-way gets Node's 408 after
    // requestTimeoutMs (checked a few times per period, not every 30 s as by default); a
    // socket silent for twice that long is closed even without an answer.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 2 * config.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(config.requestTimeoutMs / 4))),
      // Node checks the request time-out only when the headers' own (60 s) is not longer.
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    // Bodies are validated without type coercion (plugins/external/validation.ts).
    schemaController,
    // The database plugin migrates on start, and Kysely's migrator takes one PostgreSQL advisory
    // lock for it whatever the schema: instances starting together (several behind nginx, test
    // files running side by side) wait for each other's migrations. avvio's default of 10 s then
    // aborted a start that was only queueing, and its migration went on without it.
    pluginTimeout: 120_000,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  // Set on SIGTERM (server.ts) or when closing: readiness then answers 503 while in-flight
  // requests finish. An object, so every plugin context sees the same flag.
  app.decorate('lifecycle', { draining: false });
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
  });
  // External plugins first (infrastructure), then app plugins, then routes.
  await app.register(errorHandler);
  await app.register(securityHeaders, { config });
  await app.register(compression);
  await app.register(cookies);
  await app.register(siteOrigins, { config });
  await app.register(nulCharacters);
  await app.register(bodyParsing);
  await app.register(multipart, { config });
  await app.register(rateLimit, { config });
  await app.register(openapi);
  await app.register(database, { config });
  await app.register(storage, { config });
  await app.register(jobs, { config });
  // Repositories (SQL lives only there), then the services built on them.
  await app.register(rolesRepository);
  await app.register(usersRepository);
  await app.register(subscriptionsRepository);
  await app.register(membershipsRepository);
  await app.register(tokensRepository);
  await app.register(passwordResetsRepository);
  await app.register(lockoutsRepository);
  await app.register(peopleRepository);
  await app.register(readRendersRepository);
  await app.register(profilesRepository);
  await app.register(friendshipsRepository);
  await app.register(notificationsRepository);
  await app.register(activitiesRepository);
  await app.register(scriptsRepository);
  await app.register(sessionsRepository);
  await app.register(takesRepository);
  await app.register(shareLinksRepository);
  await app.register(eventsRepository);
  await app.register(formsRepository);
  await app.register(certificatesRepository);
  await app.register(classesRepository);
  await app.register(draftsRepository);
  await app.register(draftCommentsRepository);
  await app.register(metricsRepository);
  await app.register(vitalsRepository);
  await app.register(soundsRepository);
  await app.register(liveRepository);
  await app.register(conversationsRepository);
  await app.register(newMessageCounts, { config });
  await app.register(authentication, { config });
  await app.register(authorization);
  await app.register(passwordHashing, { config });
  await app.register(mailer, { config });
  await app.register(authSessions, { config });
  await app.register(signInHandoff, { config });
  await app.register(accounts);
  await app.register(passwordReset, { config });
  await app.register(microsoftSignIn, { config });
  // The product areas' services (access checks, orchestration, the contract's answer shapes).
  await app.register(memberships, { config });
  await app.register(activityLog);
  await app.register(metrics);
  await app.register(vitals);
  await app.register(vitalsRetention, { config });
  await app.register(friendships);
  await app.register(messages);
  await app.register(profiles, { config });
  await app.register(scripts, { config });
  await app.register(readingSessions, { config });
  await app.register(sessionPeople);
  await app.register(activityRetention, { config });
  // Events.
  await app.register(events, { config });
  await app.register(forms, { config });
  await app.register(certificates, { config });
  await app.register(classes, { config });
  // Signed, expiring links to private stored files (private sounds, draft episodes' audio).
  await app.register(fileLinks, { config });
  // The audio library.
  await app.register(sounds, { config });
  // The podcast variant.
  await app.register(podcastRepository);
  await app.register(podcast, { config });
  // The read renderer's job, downloads and episodes.
  await app.register(readRenders, { config });
  // After the services whose writes it announces.
  await app.register(liveSessions, { config });
  // Drafts: co-writing's changes and cursors travel on the live channel's bus.
  await app.register(drafts);
  // The first hour.
  await app.register(firstHourRepository);
  await app.register(firstHour);
  // Casting calls.
  await app.register(castingRepository);
  await app.register(auditionsRepository);
  await app.register(casting, { config });
  // Link previews, embeds, robots.txt and sitemaps.
  await app.register(publicPagesRepository);
  await app.register(publicPages, { config });
  await app.register(siteFiles);
  // Under no prefix: each route's path is the contract's, /api included.
  await app.register(apiRoutes, { config });
  // Last: the web apps own every non-/api path, including the history fallback.
  await app.register(webApps, { config });
  return app;
}
