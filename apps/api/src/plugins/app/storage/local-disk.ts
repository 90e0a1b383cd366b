import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, ObjectTooLargeError, sizeCap, type ByteRange, type PutOptions, type Storage, type StoredObject } from './storage';

/**
 * Objects as files under `root` (DATA_DIR/uploads): key `audio/<id>` is the file
 * `uploads/audio/<id>`, the layout VoxClub always had, so existing data needs no migration.
 * Writes go to `<file>.<random>.tmp` beside the final file and are renamed into place.
 */
export function createLocalDiskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  const tmpOf = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

  async function put(key: string, body: Readable | Buffer, { maxBytes }: PutOptions = {}): Promise<StoredObject> {
    const file = fileOf(key);
    if (Buffer.isBuffer(body) && maxBytes !== undefined && body.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpOf(file);
    let size = 0;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        sizeCap(maxBytes, (n) => (size = n)),
        fs.createWriteStream(tmp),
      );
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    return { key, size };
  }

  async function putFile(key: string, source: string, { maxBytes }: PutOptions = {}): Promise<StoredObject> {
    const file = fileOf(key);
    const { size } = await fs.promises.stat(source);
    if (maxBytes !== undefined && size > maxBytes) {
      await fs.promises.rm(source, { force: true });
      throw new ObjectTooLargeError(maxBytes);
    }
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    try {
      await fs.promises.rename(source, file);
    } catch (err) {
      // Another disk (EXDEV): copy aside, then rename, so the final name is never half written.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await put(key, fs.createReadStream(source));
      await fs.promises.rm(source, { force: true });
    }
    return { key, size };
  }

  async function get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(fileOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async function head(key: string): Promise<StoredObject | undefined> {
    try {
      const stat = await fs.promises.stat(fileOf(key));
      return stat.isFile() ? { key, size: stat.size } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async function remove(key: string): Promise<void> {
    await fs.promises.rm(fileOf(key), { force: true });
  }

  async function* list(prefix: string): AsyncIterable<StoredObject> {
    // Walk the folder the prefix ends in; leftovers of interrupted writes (*.tmp) are not objects.
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    async function* walk(rel: string): AsyncIterable<StoredObject> {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(key);
        else if (entry.isFile() && key.startsWith(prefix) && !entry.name.endsWith('.tmp') && !entry.name.endsWith('.upload')) {
          const { size } = await fs.promises.stat(path.join(root, key));
          yield { key, size };
        }
      }
    }
    yield* walk(base);
  }

  async function check(): Promise<void> {
    await fs.promises.mkdir(root, { recursive: true });
    await fs.promises.access(root, fs.constants.W_OK);
  }

  return { kind: 'local', put, putFile, get, head, delete: remove, list, check };
}
