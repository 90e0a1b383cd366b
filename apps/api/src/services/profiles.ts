import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  handleProblem,
  normalizeHandle,
  type MyProfile,
  type Profile,
  type ProfileUpdate,
} from '@vox/contract/schemas';
import type { Config } from '../config';
import { BadRequestError, ConflictError, NotFoundError } from '../domain-errors';
import { toPerson } from '../repositories/people';
import { createPhotoStore } from '../repositories/photos';
import { HandleTakenError } from '../repositories/profiles';
import type { UserRow } from '../repositories/users';

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesService;
  }
}

/**
 * Member pages (anyone may look; the relationship is the viewer's) and the edits of my own
 * profile: name, handle, bio and photo. Every edit answers my User (for the auth store) and my
 * profile, with the text to show.
 */
interface ProfilesService {
  byId(viewerId: string | null, userId: string): Promise<Profile>;
  /** By handle in any case, an @ in front allowed. */
  byHandle(viewerId: string | null, handle: string): Promise<Profile>;
  update(me: string, changes: ProfileUpdate): Promise<MyProfile>;
  /** Stores the picture as my 256 px WebP photo (the store sniffs the type; `type` is the upload's claim). */
  setPhoto(me: string, bytes: Buffer, type: string | undefined): Promise<MyProfile>;
  removePhoto(me: string): Promise<MyProfile>;
}

async function profiles(app: FastifyInstance, { config }: { config: Config }) {
  const { friendshipsRepository: friendships, profilesRepository: profiles, usersRepository } = app;
  const photos = createPhotoStore(app.db, config.dataDir, app.storage);
  const notFound = () => new NotFoundError(SOCIAL_MESSAGES.profileNotFound);

  async function profileOf(row: UserRow, viewerId: string | null): Promise<Profile> {
    const relationship = viewerId === row.id ? 'self' : await friendships.relationshipOf(viewerId, row.id);
    return { ...toPerson(row), bio: row.bio, relationship };
  }

  async function mine(me: string, message: string): Promise<MyProfile> {
    const row = await app.usersRepository.findById(me);
    if (!row) throw notFound();
    return { user: await usersRepository.toPublicUser(row), profile: await profileOf(row, me), message };
  }

  app.decorate('profiles', {
    async byId(viewerId, userId) {
      const row = await app.usersRepository.findById(userId);
      if (!row) throw notFound();
      return profileOf(row, viewerId);
    },

    async byHandle(viewerId, handle) {
      const row = await profiles.findByHandle(normalizeHandle(handle));
      if (!row) throw notFound();
      return profileOf(row, viewerId);
    },

    async update(me, { name, handle, bio }) {
      const changes: { name?: string | null; handle?: string | null; bio?: string | null } = {};
      if (name !== undefined) {
        const value = (name ?? '').trim().replace(/\s+/g, ' ');
        if (value.length > SOCIAL_LIMITS.name) throw new BadRequestError(SOCIAL_MESSAGES.nameTooLong);
        changes.name = value || null;
      }
      if (bio !== undefined) {
        const value = (bio ?? '').trim();
        if (value.length > SOCIAL_LIMITS.bio) throw new BadRequestError(SOCIAL_MESSAGES.bioTooLong);
        changes.bio = value || null;
      }
      if (handle !== undefined) {
        const value = normalizeHandle(handle ?? '');
        if (value) {
          const problem = handleProblem(value, SOCIAL_MESSAGES);
          if (problem) throw new BadRequestError(problem);
          if (await profiles.handleTakenByOther(value, me)) throw new ConflictError(SOCIAL_MESSAGES.handleTaken);
        }
        changes.handle = value || null;
      }
      try {
        await profiles.updateProfile(me, changes);
      } catch (err) {
        // Someone took the handle between our check and the write: the unique index decided.
        if (err instanceof HandleTakenError) throw new ConflictError(SOCIAL_MESSAGES.handleTaken);
        throw err;
      }
      return mine(me, SOCIAL_MESSAGES.profileSaved);
    },

    async setPhoto(me, bytes, type) {
      await profiles.setUserPhoto(me, await photos.saveProfilePhoto(bytes, type));
      return mine(me, SOCIAL_MESSAGES.profileSaved);
    },

    async removePhoto(me) {
      // The file stays: photos are shared by content, and a cached page may still show it.
      await profiles.setUserPhoto(me, null);
      return mine(me, SOCIAL_MESSAGES.photoRemoved);
    },
  } satisfies ProfilesService);
}

export default fp(profiles, { name: 'profiles', dependencies: ['database', 'friendships-repository', 'profiles-repository', 'users-repository', 'storage'] });
