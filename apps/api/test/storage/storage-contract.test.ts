import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createLocalDiskStorage, createS3Storage, ObjectTooLargeError, type Storage, type StoredObject } from '../../src/plugins/app/storage';
import { startS3Server, type S3TestServer } from './s3-server';

/** Bytes that differ everywhere, so a range read off by one shows. */
const pattern = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
};
/** A stream of `bytes` in chunks, as an upload arrives. */
const chunked = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from((function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  })());
const all = async (it: AsyncIterable<StoredObject>) => {
  const out: StoredObject[] = [];
  for await (const o of it) out.push(o);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

/** One contract, two implementations: whatever a route relies on must hold on both. */
describe.each(['local', 's3'] as const)('storage contract: %s', (kind) => {
  let storage: Storage;
  let root: string;
  let s3: S3TestServer | undefined;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-storage-'));
    if (kind === 's3') {
      s3 = await startS3Server();
      storage = createS3Storage(s3.settings);
    } else {
      storage = createLocalDiskStorage(path.join(root, 'uploads'));
    }
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stores a streamed body and answers it whole, by range, and its size', async () => {
    const bytes = pattern(300_000);
    expect(await storage.put('audio/one', chunked(bytes), { maxBytes: bytes.length, contentType: 'audio/wav' })).toEqual({ key: 'audio/one', size: bytes.length });
    expect(await storage.head('audio/one')).toEqual({ key: 'audio/one', size: bytes.length });
    expect((await buffer((await storage.get('audio/one'))!)).equals(bytes)).toBe(true);
    for (const [start, end] of [[0, 0], [0, 9], [1000, 1999], [bytes.length - 16, bytes.length - 1]]) {
      const part = await buffer((await storage.get('audio/one', { start, end }))!);
      expect({ start, end, equal: part.equals(bytes.subarray(start, end + 1)) }).toEqual({ start, end, equal: true });
    }
  });

  it('a large body goes up in parts (multipart on S3) and reads back exactly', async () => {
    const bytes = pattern(12 * 1024 * 1024 + 123);
    await storage.put('audio/large', chunked(bytes, 1024 * 1024));
    expect((await storage.head('audio/large'))?.size).toBe(bytes.length);
    const tail = await buffer((await storage.get('audio/large', { start: bytes.length - 100_000, end: bytes.length - 1 }))!);
    expect(tail.equals(bytes.subarray(bytes.length - 100_000))).toBe(true);
    await storage.delete('audio/large');
  }, 60_000);

  it('refuses a body over its cap with ObjectTooLargeError and leaves no object, small or multipart', async () => {
    for (const [key, size, cap] of [['capped/small', 2000, 1999], ['capped/large', 7 * 1024 * 1024, 6 * 1024 * 1024]] as const) {
      await expect(storage.put(key, chunked(pattern(size)), { maxBytes: cap })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await storage.head(key)).toBeUndefined();
    }
    await expect(storage.put('capped/buffer', pattern(11), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await all(storage.list('capped/'))).toEqual([]);
    // Exactly at the cap is fine.
    await storage.put('capped/exact', chunked(pattern(2000)), { maxBytes: 2000 });
    expect(await all(storage.list('capped/'))).toEqual([{ key: 'capped/exact', size: 2000 }]);
  }, 60_000);

  it('a body that fails half-way leaves no object', async () => {
    const failing = new Readable({
      read() {
        this.push(pattern(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('broken/one', failing)).rejects.toThrow('connection reset');
    expect(await storage.head('broken/one')).toBeUndefined();
    expect(await all(storage.list('broken/'))).toEqual([]);
  });

  it('putFile moves a finished file in', async () => {
    const file = path.join(root, 'finished.upload');
    fs.writeFileSync(file, pattern(5000));
    expect(await storage.putFile('photos/moved', file)).toEqual({ key: 'photos/moved', size: 5000 });
    expect(fs.existsSync(file)).toBe(false);
    expect((await buffer((await storage.get('photos/moved'))!)).equals(pattern(5000))).toBe(true);
  });

  it('lists by prefix with sizes; absent objects are undefined; delete is idempotent', async () => {
    await storage.put('list/a/1', Buffer.from('one'));
    await storage.put('list/a/2', Buffer.from('two!'));
    await storage.put('list/b/1', Buffer.from('three'));
    expect(await all(storage.list('list/a/'))).toEqual([{ key: 'list/a/1', size: 3 }, { key: 'list/a/2', size: 4 }]);
    expect((await all(storage.list('list/'))).map((o) => o.key)).toEqual(['list/a/1', 'list/a/2', 'list/b/1']);
    await storage.delete('list/a/1');
    await storage.delete('list/a/1');
    expect(await storage.head('list/a/1')).toBeUndefined();
    expect(await storage.get('list/a/1')).toBeUndefined();
    expect(await storage.get('never/was', { start: 0, end: 10 })).toBeUndefined();
    expect(await all(storage.list('list/a/'))).toEqual([{ key: 'list/a/2', size: 4 }]);
  });

  it('replacing an object answers the new bytes', async () => {
    await storage.put('photos/same', Buffer.from('first'));
    await storage.put('photos/same', Buffer.from('second'));
    expect((await buffer((await storage.get('photos/same'))!)).toString()).toBe('second');
  });

  it('refuses keys that could leave their area', async () => {
    for (const key of ['../secret', 'audio/../../secret', 'audio/.hidden', '/audio/x', 'audio', 'Audio/x', 'audio//x']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(`Invalid storage key: ${JSON.stringify(key)}`);
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
    }
  });

  it('check() answers while the backend is reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('local disk layout', () => {
  it('key audio/<id> is the file DATA_DIR/uploads/audio/<id>, as before there was a storage', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-layout-'));
    try {
      const storage = createLocalDiskStorage(path.join(dataDir, 'uploads'));
      const id = 'f'.repeat(64);
      fs.mkdirSync(path.join(dataDir, 'uploads', 'photos'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', 'photos', id), 'existing');
      expect(await storage.head(`photos/${id}`)).toEqual({ key: `photos/${id}`, size: 8 });
      await storage.put(`audio/${id}`, Buffer.from('new bytes'));
      expect(fs.readFileSync(path.join(dataDir, 'uploads', 'audio', id), 'utf8')).toBe('new bytes');
      expect(fs.readdirSync(path.join(dataDir, 'uploads', 'audio'))).toEqual([id]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('S3 unreachable', () => {
  it('check() fails, so readiness can say so', async () => {
    const storage = createS3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'voxclub-test', region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'y', forcePathStyle: true });
    await expect(storage.check()).rejects.toThrow();
  });
});
