import fs from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, MyProfile, PhotoParams, SOCIAL_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { HttpError } from '../../plugins/app/error-handler';
import { createPhotoStore } from '../../repositories/photos';
import { setUserPhoto } from '../../repositories/profiles';
import { myProfile } from './profiles';
import { IMMUTABLE, matchesEtag, NO_BODY } from './content-addressed';


/**
 * GET /api/users/photo/{photo}: uploaded pictures, public like any avatar on a page; POST and
 * DELETE /api/users/photo: my profile photo.
 */
const photoRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const photos = createPhotoStore(app.db, config.dataDir);

  app.get(
    '/users/photo/:photo',
    {
      schema: {
        params: PhotoParams,
        // The image bytes go out as they are (Fastify never serializes a Buffer).
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), 304: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const notFound = () => reply.code(404).send({ message: SOCIAL_MESSAGES.photoNotFound });
      const photo = await photos.findPhoto(request.params.photo);
      if (!photo) return notFound();
      // The id is the content hash, so it is the entity tag as it stands.
      const etag = `"${photo.id}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send(NO_BODY);
      }
      let bytes: Buffer;
      try {
        bytes = await fs.promises.readFile(photo.file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return notFound();
        throw err;
      }
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
  );

  app.post(
    '/users/photo',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profiles'],
        summary: 'Upload my profile photo (multipart, file field "photo"): stored as a 256 px WebP square',
        consumes: ['multipart/form-data'],
        response: { 200: MyProfile, 400: ErrorBody, 401: ErrorBody, 406: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, SOCIAL_MESSAGES.photoMissing);
      // Other fields are ignored; the first file part must be the photo.
      const file = await request.file();
      if (!file || file.fieldname !== 'photo') throw new HttpError(400, SOCIAL_MESSAGES.photoMissing);
      const bytes = await file.toBuffer();
      const id = await photos.saveProfilePhoto(bytes, file.mimetype === 'application/octet-stream' ? undefined : file.mimetype);
      await setUserPhoto(app.db, request.userId as string, id);
      return myProfile(app, request.userId as string, SOCIAL_MESSAGES.profileSaved);
    },
  );

  app.delete(
    '/users/photo',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profiles'], summary: 'Remove my profile photo', response: { 200: MyProfile, 401: ErrorBody } },
    },
    async (request) => {
      // The file stays: photos are shared by content, and a cached page may still show it.
      await setUserPhoto(app.db, request.userId as string, null);
      return myProfile(app, request.userId as string, SOCIAL_MESSAGES.photoRemoved);
    },
  );
};

export default photoRoutes;
