import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export * from './storage';
export { createLocalDiskStorage } from './local-disk';
export { createS3Storage } from './s3';

/** The storage the settings name: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every stored file goes through it (plugins/app/storage). */
    storage: Storage;
  }
}

/** Decorates `app.storage`; tests may hand in their own (`options.storage`). */
async function storagePlugin(app: FastifyInstance, { config, storage }: { config: Config; storage?: Storage }) {
  app.decorate('storage', storage ?? createStorage(config));
}

export default fp(storagePlugin, { name: 'storage' });
