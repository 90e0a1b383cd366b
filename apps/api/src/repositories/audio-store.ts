import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { AUDIO_ID_PATTERN, AUDIO_MAX_BYTES, type AudioContentType } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { decodeAudio, type DecodedAudio } from './audio-decode';
import { createLocalDiskStorage, type ByteRange, type Storage } from '../plugins/app/storage';

/**
 * What file-type recognises -> the type we store and serve. Browsers record WebM (Chrome,
 * Firefox), Ogg (Firefox) or MP4 audio (Safari); MP3, WAV and M4A come from files people upload.
 * file-type names Matroska/WebM and MP4 by their video types; a recording is served as audio.
 */
const AUDIO_TYPES: Record<string, AudioContentType> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  spx: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};

interface RecognisedAudio extends DecodedAudio {
  contentType: AudioContentType;
}

/**
 * The stored type of an audio file, named by file-type from its bytes and confirmed by decoding
 * it (./audio-decode.ts), with its decoded facts; undefined when it is no audio we take.
 */
async function sniffAudioFile(file: string): Promise<RecognisedAudio | undefined> {
  const type = await fileTypeFromFile(file);
  const contentType = type ? AUDIO_TYPES[type.ext] : undefined;
  if (!type || !contentType) return undefined;
  const decoded = await decodeAudio(file, type.ext);
  return decoded && { contentType, ...decoded };
}

/** Where uploads are written aside while they are received and checked (swept at start). */
export const uploadScratchDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

export interface ReceivedAudio {
  /** The bytes as written aside (DATA_DIR/tmp/uploads/<random>.upload); removed by discard(). */
  tmp: string;
  /** SHA-256 of the bytes: the audio id. */
  id: string;
  byteSize: number;
  /** The upload went past AUDIO_MAX_BYTES (its rest was dropped unread). */
  tooLarge: boolean;
}

export interface StoredAudio {
  id: string;
  contentType: string;
  byteSize: number;
  /** Its storage key, `audio/<id>`. */
  key: string;
}

const AUDIO_ID = new RegExp(AUDIO_ID_PATTERN);

/**
 * Recordings under the storage key `audio/<id>` (DATA_DIR/uploads/audio/<id> on local disk), the
 * id being the SHA-256 of the bytes: a stored object never changes (cached for good, the id is
 * its ETag) and an id can never name another key. An upload streams to a scratch file in
 * DATA_DIR/tmp/uploads while it is hashed and counted, so 20 MB never sit in memory, and the
 * id is known before anything reaches the storage; it goes in only once it is known good.
 * `storage` defaults to local disk under DATA_DIR, as before there was a choice.
 */
export function createAudioStore(db: Db, dataDir: string, storage: Storage = createLocalDiskStorage(path.join(dataDir, 'uploads'))) {
  const scratch = uploadScratchDir(dataDir);
  const keyOf = (id: string) => `audio/${id}`;

  /**
   * Writes an upload aside. `source` is a multipart file stream: at `limit` bytes busboy cuts it
   * and sets `truncated`; this counter is the second guard for any other stream.
   */
  async function receive(source: Readable & { truncated?: boolean }, limit = AUDIO_MAX_BYTES): Promise<ReceivedAudio> {
    await fs.promises.mkdir(scratch, { recursive: true });
    const tmp = path.join(scratch, `${randomBytes(8).toString('hex')}.upload`);
    const hash = createHash('sha256');
    let byteSize = 0;
    let overLimit = false;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        byteSize += chunk.length;
        if (byteSize > limit) {
          overLimit = true;
          // Keep reading (and dropping) so the request ends normally; write nothing more.
          return done();
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, fs.createWriteStream(tmp));
    } catch (err) {
      await discard(tmp);
      throw err;
    }
    return { tmp, id: hash.digest('hex'), byteSize, tooLarge: overLimit || source.truncated === true };
  }

  /** Moves received bytes to their content-addressed key (an identical object may be there). */
  async function keep(received: ReceivedAudio, contentType?: string): Promise<void> {
    await storage.putFile(keyOf(received.id), received.tmp, { maxBytes: AUDIO_MAX_BYTES, contentType });
  }

  async function discard(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true });
  }

  /** The stored recording, or undefined for a malformed id, no metadata or a missing object. */
  async function find(id: string): Promise<StoredAudio | undefined> {
    if (!AUDIO_ID.test(id)) return undefined;
    const row = await db.selectFrom('audio_files').select(['content_type', 'byte_size']).where('id', '=', id).executeTakeFirst();
    if (!row || !(await storage.head(keyOf(id)))) return undefined;
    return { id, contentType: row.content_type, byteSize: Number(row.byte_size), key: keyOf(id) };
  }

  /** The bytes of a recording found by find(), all or `range`; undefined if it went meanwhile. */
  function open(audio: StoredAudio, range?: ByteRange) {
    return storage.get(audio.key, range);
  }

  /**
   * Deletes the recordings among `ids` that nothing uses any more: no take of a table read, no
   * audition's line take and no audition's whole file (a withdrawn audition keeps none). A deleted
   * take's recording does not stay on the server. The row goes first (the foreign keys from those
   * tables keep rows in use), then any object left without a row, which also clears bytes moved
   * into place for a take that was never written.
   */
  async function prune(ids: Iterable<string>): Promise<void> {
    for (const id of new Set(ids)) {
      if (!AUDIO_ID.test(id)) continue;
      await db
        .deleteFrom('audio_files')
        .where('id', '=', id)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('takes').select('takes.id').where('takes.audio_id', '=', id))))
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('casting_audition_takes as t').select('t.line_id').where('t.audio_id', '=', id))),
        )
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('casting_auditions as a').select('a.id').where('a.audio_id', '=', id))))
        .execute();
      const row = await db.selectFrom('audio_files').select('id').where('id', '=', id).executeTakeFirst();
      if (!row) await storage.delete(keyOf(id));
    }
  }

  return { receive, keep, discard, find, open, prune, sniff: sniffAudioFile };
}

export type AudioStore = ReturnType<typeof createAudioStore>;
