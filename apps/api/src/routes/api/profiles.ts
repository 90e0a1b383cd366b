import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HandleParams,
  MyProfile,
  Profile,
  ProfileUpdate,
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  UserIdParams,
  handleProblem,
  normalizeHandle,
} from '@vox/contract/schemas';
import { HttpError } from '../../plugins/app/error-handler';
import { relationshipOf } from '../../repositories/friendships';
import {
  HandleTakenError,
  findByHandle,
  findUserById,
  handleTakenByOther,
  toPerson,
  updateProfile,
} from '../../repositories/profiles';
import type { UserRow } from '../../repositories/users-repository';

/** A member's page as `viewerId` sees it (anyone may look; the relationship is the viewer's). */
export async function profileOf(app: FastifyInstance, row: UserRow, viewerId: string | null): Promise<Profile> {
  const relationship = viewerId === row.id ? 'self' : await relationshipOf(app.db, viewerId, row.id);
  return { ...toPerson(row), bio: row.bio, relationship };
}

/** The answer of every edit of my own profile: the User for the auth store and my profile. */
export async function myProfile(app: FastifyInstance, userId: string, message: string) {
  const row = await findUserById(app.db, userId);
  if (!row) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
  return { user: await app.usersRepository.toPublicUser(row), profile: await profileOf(app, row, userId), message };
}

/**
 * Profiles under /api/users: public member pages by id and by handle (name, photo, bio, and how
 * the viewer stands to them), and PATCH /me for my own name, handle and bio. The photo upload is
 * in ./photos.ts beside the photo serving.
 */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['profiles'];

  app.get(
    '/profile/:userId',
    { schema: { tags, summary: "A member's profile by id", params: UserIdParams, response: { 200: Profile, 404: ErrorBody } } },
    async (request) => {
      const row = await findUserById(app.db, request.params.userId);
      if (!row) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
      return profileOf(app, row, request.userId);
    },
  );

  app.get(
    '/by-handle/:handle',
    { schema: { tags, summary: "A member's profile by handle (any case)", params: HandleParams, response: { 200: Profile, 404: ErrorBody } } },
    async (request) => {
      const row = await findByHandle(app.db, normalizeHandle(request.params.handle));
      if (!row) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
      return profileOf(app, row, request.userId);
    },
  );

  app.patch(
    '/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Edit my name, handle and bio',
        body: ProfileUpdate,
        response: { 200: MyProfile, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.userId as string;
      const changes: { name?: string | null; handle?: string | null; bio?: string | null } = {};
      const { name, handle, bio } = request.body;
      if (name !== undefined) {
        const value = (name ?? '').trim().replace(/\s+/g, ' ');
        if (value.length > SOCIAL_LIMITS.name) throw new HttpError(400, SOCIAL_MESSAGES.nameTooLong);
        changes.name = value || null;
      }
      if (bio !== undefined) {
        const value = (bio ?? '').trim();
        if (value.length > SOCIAL_LIMITS.bio) throw new HttpError(400, SOCIAL_MESSAGES.bioTooLong);
        changes.bio = value || null;
      }
      if (handle !== undefined) {
        const value = normalizeHandle(handle ?? '');
        if (value) {
          const problem = handleProblem(value, SOCIAL_MESSAGES);
          if (problem) throw new HttpError(400, problem);
          if (await handleTakenByOther(app.db, value, userId)) throw new HttpError(409, SOCIAL_MESSAGES.handleTaken);
        }
        changes.handle = value || null;
      }
      try {
        await updateProfile(app.db, userId, changes);
      } catch (err) {
        // Someone took the handle between our check and the write: the unique index decided.
        if (err instanceof HandleTakenError) throw new HttpError(409, SOCIAL_MESSAGES.handleTaken);
        throw err;
      }
      return myProfile(app, userId, SOCIAL_MESSAGES.profileSaved);
    },
  );
};

export default profileRoutes;
