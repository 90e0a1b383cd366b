import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import health from './health';
import firstReads from './first-reads';
import users from './users';
import sessionRoutes from './users/session';
import subscriptions from './subscriptions';
import publicConfig from './config';
import activities from './activities';
import clientErrors from './client-errors';
import friendships from './friendships';
import notifications from './notifications';
import photos, { myPhotoRoutes } from './photos';
import messages from './messages';
import { myProfileRoutes, profileRoutes } from './profiles';
import { scriptListRoutes, scriptRoutes } from './scripts';
import sharelinks from './sharelinks';
import sessions from './sessions';
import audio from './audio';
import history from './history';
import { membersOnly } from './members-only';
import jobs from './jobs';
import { membershipOpenRoutes, membershipRoutes } from './membership';
// Events.
import { eventRoutes, memberEventRoutes } from './events';
import { formRoutes, staffFormRoutes } from './forms';
import { certificateRoutes, memberCertificateRoutes } from './certificates';
import { classRoutes, openClassRoutes } from './classes'; // Classes
import drafts from './drafts';
import draftComments from './draft-comments';
import draftCoWriting from './draft-co-writing';
import metrics from './metrics';
import { vitalsBeaconRoutes, vitalsRoutes } from './vitals';
// Removing people from a reading session.
import sessionPeople from './session-people';
// The audio library.
import { scriptCueRoutes, soundFileRoutes, soundRoutes } from './sounds';
// The podcast variant.
import { memberPodcastRoutes, podcastRoutes } from './podcast';
// Live table reads.
import live from './live';
// The finished read.
import { readRenderRoutes, sharedReadRoutes } from './read-renders';
// The first hour.
import { firstHourRoutes, memberFirstHourRoutes } from './first-hour';
// Casting calls.
import { castingRoutes, memberCastingRoutes } from './casting';
// Link previews: oEmbed and the generated cards.
import publicPageRoutes from './public-pages';

/**
 * Every route under /api, in two groups: routes open to anonymous callers (they may still read
 * `request.userId`, a string or null), then the members-only scope, whose one login check lets
 * its handlers read `request.user.id`. An area with both kinds registers a plugin in each. Each
 * route takes its method, path and schemas from the contract's endpoint table (./from-contract.ts),
 * so the modules are registered under no prefix; test/routes/api/route-table.test.ts checks that
 * routes and endpoints match one to one.
 */
const apiRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // Open to anyone.
  await app.register(health);
  await app.register(firstReads);
  await app.register(users);
  await app.register(publicConfig, { config });
  await app.register(activities);
  await app.register(clientErrors);
  // Web vitals beacons (the dashboard's reads are staff calls, below).
  await app.register(vitalsBeaconRoutes);
  // Member pages, under /api/users beside the account routes.
  await app.register(profileRoutes);
  // Public scripts for anonymous visitors (a public profile page); the other scopes answer 401.
  await app.register(scriptListRoutes);
  await app.register(audio, { config });
  // Serves /api/users/photo/{photo}; it is file serving, not part of the users area.
  await app.register(photos, { config });
  // Membership plans, the test provider's checkout page and Stripe's webhook.
  await app.register(membershipOpenRoutes, { config });
  // Events are open to read.
  await app.register(eventRoutes);
  await app.register(formRoutes);
  await app.register(certificateRoutes);
  await app.register(openClassRoutes); // Set a password with a class code
  // Sound files by their unguessable id (an <audio src> sends no token).
  await app.register(soundFileRoutes);
  // Channels, feeds, episodes, audio and share links are open to read.
  await app.register(podcastRoutes);
  // A rendered read shared by link plays for anyone.
  await app.register(sharedReadRoutes);
  // A share link's preview and the front door's demo scenes.
  await app.register(firstHourRoutes);
  // The casting board and a call's page are open to read.
  await app.register(castingRoutes);
  // An episode's oEmbed answer and a page's preview card.
  await app.register(publicPageRoutes);

  // Members only.
  await app.register(
    membersOnly(async (members) => {
      await members.register(sessionRoutes);
      await members.register(subscriptions);
      await members.register(friendships);
      await members.register(notifications);
      await members.register(messages);
      await members.register(myProfileRoutes);
      await members.register(myPhotoRoutes);
      await members.register(scriptRoutes, { config });
      await members.register(sharelinks);
      await members.register(sessions);
      await members.register(history);
      await members.register(jobs);
      await members.register(membershipRoutes);
      // Registering for events, staff calls.
      await members.register(memberEventRoutes);
      await members.register(staffFormRoutes);
      await members.register(memberCertificateRoutes);
      await members.register(classRoutes); // Classes and assignments
      // Drafts and templates: each route also needs the draft privilege.
      await members.register(drafts);
      // Comments on a draft's lines: whoever is in the draft, under its owner's privilege.
      await members.register(draftComments);
      // Co-writing a draft: the owner's privilege covers the co-writers they invited.
      await members.register(draftCoWriting);
      await members.register(metrics);
      await members.register(vitalsRoutes);
      // The creator of a reading session removes people from it.
      await members.register(sessionPeople);
      // The audio library (audio_library on each route) and a script's cues (readers).
      await members.register(soundRoutes, { config });
      await members.register(scriptCueRoutes);
      // The podcast variant's member calls.
      await members.register(memberPodcastRoutes);
      // The live channel of a table read.
      await members.register(live);
      // The finished read (download, share, publish as episode).
      await members.register(readRenderRoutes);
      // The first-run step's handle suggestion.
      await members.register(memberFirstHourRoutes);
      // Posting and managing casting calls.
      await members.register(memberCastingRoutes);
    }),
  );
};

export default apiRoutes;
