import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/plugins/app/storage/s3';

export interface S3TestServer {
  /** The settings as the server reads them (S3_*), for build(). */
  env: Record<string, string>;
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * A local server that speaks the S3 protocol (s3rver), started by the test itself with its data
 * in a temp folder and one bucket: the S3 storage is tested over HTTP through the real SDK,
 * never against a mock of it. The port is the kernel's choice, so parallel test files never
 * collide.
 */
export async function startS3Server(bucket = 'voxclub-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint as string,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
