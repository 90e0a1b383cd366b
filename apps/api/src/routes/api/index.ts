import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import health from './health';
import users from './users';
import subscriptions from './subscriptions';
import publicConfig from './config';
import activities from './activities';
import friendships from './friendships';
import notifications from './notifications';
import photos from './photos';
import messages from './messages';
import profiles from './profiles';
import scripts from './scripts';
import sharelinks from './sharelinks';
import sessions from './sessions';
import audio from './audio';
import history from './history';

/** One route module per area, all under /api. */
const apiRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(health);
  await app.register(users, { prefix: '/users' });
  await app.register(subscriptions);
  await app.register(publicConfig);
  await app.register(friendships, { prefix: '/friendships' });
  await app.register(notifications, { prefix: '/notifications' });
  await app.register(messages, { prefix: '/messages' });
  // Member pages and my own profile edits, under /users beside the account routes.
  await app.register(profiles, { prefix: '/users' });
  await app.register(activities, { prefix: '/activities' });
  await app.register(scripts, { prefix: '/scripts', config });
  await app.register(sharelinks, { prefix: '/sharelinks' });
  await app.register(sessions, { prefix: '/sessions', config });
  await app.register(audio, { prefix: '/audio', config });
  await app.register(history);
  // Serves /api/users/photo/{photo}; it is file serving, not part of the users area.
  await app.register(photos, { config });
};

export default apiRoutes;
