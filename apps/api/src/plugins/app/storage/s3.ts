import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, ObjectTooLargeError, sizeCap, type ByteRange, type PutOptions, type Storage, type StoredObject } from './storage';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Passes only the bytes of `range` of what streams through. */
function slice({ start, end }: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(start - offset, 0);
      const to = Math.min(end + 1 - offset, chunk.length);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/** Parts of a multipart upload: the smallest S3 accepts; a 20 MB take goes up in four. */
const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket through the official AWS SDK. Uploads go through
 * lib-storage's Upload: one PutObject for a small body, a multipart upload in 5 MB parts for a
 * large one, aborted (no parts left behind) when the body fails, for instance at the size cap.
 * Checksums are computed only where S3 requires them: the SDK's default trailing checksums
 * (aws-chunked bodies) are not understood by every S3-compatible server.
 */
export function createS3Storage(settings: S3Settings): Storage & { client: S3Client } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function put(key: string, body: Readable | Buffer, { maxBytes, contentType }: PutOptions = {}): Promise<StoredObject> {
    checkKey(key);
    if (Buffer.isBuffer(body) && maxBytes !== undefined && body.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    let size = 0;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const capped = source.pipe(sizeCap(maxBytes, (n) => (size = n)));
    // pipe() does not forward errors: a failing source must fail the upload too.
    source.once('error', (err) => capped.destroy(err));
    const upload = new Upload({ client, params: { Bucket, Key: key, Body: capped, ContentType: contentType }, partSize: PART_SIZE, queueSize: 2 });
    let failure: unknown;
    capped.once('error', (err) => {
      failure = err;
      void upload.abort().catch(() => undefined);
    });
    try {
      await upload.done();
    } catch (err) {
      throw failure ?? err;
    }
    if (failure) {
      // The body failed after the last part went up: the object must not stay.
      await remove(key);
      throw failure;
    }
    return { key, size };
  }

  async function putFile(key: string, file: string, options: PutOptions = {}): Promise<StoredObject> {
    try {
      return await put(key, fs.createReadStream(file), options);
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = res.Body as Readable;
      if (!range) return body;
      // A server that sent more than asked (s3rver answers `bytes=0-0` with the whole object,
      // others may ignore ranges) is cut to the range, counting from where its answer starts.
      const sent = /^bytes (\d+)-(\d+)\//.exec(res.ContentRange ?? '');
      const from = sent ? Number(sent[1]) : 0;
      if (sent && from === range.start && Number(sent[2]) === range.end) return body;
      const cut = body.pipe(slice({ start: range.start - from, end: range.end - from }));
      body.once('error', (err) => cut.destroy(err));
      return cut;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async function head(key: string): Promise<StoredObject | undefined> {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      return { key, size: Number(res.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async function remove(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
  }

  async function* list(prefix: string): AsyncIterable<StoredObject> {
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: Number(item.Size ?? 0) };
      }
    }
  }

  async function check(): Promise<void> {
    await client.send(new HeadBucketCommand({ Bucket }));
  }

  return { kind: 's3', client, put, putFile, get, head, delete: remove, list, check };
}
