import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SOCIAL_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { createPhotoStore } from '../../repositories/photos';
import { IMMUTABLE, matchesEtag, NO_BODY } from './content-addressed';
import { fromContract } from './from-contract';

/** GET /api/users/photo/{photo}: uploaded pictures, public like any avatar on a page. */
const photoRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const photos = createPhotoStore(app.db, config.dataDir, app.storage);

  app.route({
    ...fromContract('userPhoto'),
    handler: async (request, reply) => {
      const photo = await photos.findPhoto(request.params.photo);
      if (!photo) throw new NotFoundError(SOCIAL_MESSAGES.photoNotFound);
      // The id is the content hash, so it is the entity tag as it stands.
      const etag = `"${photo.id}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send(NO_BODY);
      }
      const bytes = await photos.readPhoto(photo);
      if (!bytes) throw new NotFoundError(SOCIAL_MESSAGES.photoNotFound);
      return (
        reply
          .type(photo.contentType)
          .header('ETag', etag)
          .header('Cache-Control', IMMUTABLE)
          // Browsers must take the bytes as the image type we checked, never guess HTML.
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes)
      );
    },
  });
};

export default photoRoutes;

/** POST and DELETE /api/users/photo (members only): my profile photo. */
export const myPhotoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('uploadMyPhoto', {
      tags: ['profiles'],
      summary: 'Upload my profile photo (multipart, file field "photo"): stored as a 256 px WebP square',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request) => {
      if (!request.isMultipart()) throw new BadRequestError(SOCIAL_MESSAGES.photoMissing);
      // Other fields are ignored; the first file part must be the photo.
      const file = await request.file();
      if (!file || file.fieldname !== 'photo') throw new BadRequestError(SOCIAL_MESSAGES.photoMissing);
      const bytes = await file.toBuffer();
      return app.profiles.setPhoto(request.user.id, bytes, file.mimetype === 'application/octet-stream' ? undefined : file.mimetype);
    },
  });

  app.route({
    ...fromContract('removeMyPhoto', { tags: ['profiles'], summary: 'Remove my profile photo' }),
    handler: async (request) => app.profiles.removePhoto(request.user.id),
  });
};
