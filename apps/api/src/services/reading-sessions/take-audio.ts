import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain-errors';
import type { AudioStore, ReceivedAudio } from '../../repositories/audio-store';
import type { TakeUpload } from './reading-sessions';

/** A recording as stored: its id (SHA-256), the type recognised from its bytes, its size. */
export interface KeptAudio {
  id: string;
  contentType: string;
  byteSize: number;
}

/**
 * The one way a recorded take's bytes are stored (a table read's take, an audition's take or
 * file): streams the upload aside, refuses it when too large (413) or no audio we take (415),
 * moves it into place and hands it to `save`, which writes the row that uses it. When `save`
 * fails the bytes are pruned again; a refusal propagates only once the upload's bytes are gone
 * from the disk.
 */
export async function keepUploadedAudio<T>(audio: AudioStore, upload: Pick<TakeUpload, 'file' | 'unreadable'>, save: (kept: KeptAudio) => Promise<T>): Promise<T> {
  let received: ReceivedAudio;
  try {
    received = await audio.receive(upload.file);
  } catch (err) {
    throw upload.unreadable(err);
  }
  let kept = false;
  try {
    if (received.tooLarge) throw new PayloadTooLargeError(SCRIPT_MESSAGES.audioTooLarge);
    const contentType = received.byteSize > 0 ? (await audio.sniff(received.tmp))?.contentType : undefined;
    if (!contentType) throw new UnsupportedMediaTypeError(SCRIPT_MESSAGES.audioUnsupported);
    // The bytes go into place before their row exists, so a take is never served without them.
    await audio.keep(received);
    kept = true;
    return await save({ id: received.id, contentType, byteSize: received.byteSize });
  } catch (err) {
    if (kept) await audio.prune([received.id]).catch(() => undefined);
    throw err;
  } finally {
    if (!kept) await audio.discard(received.tmp);
  }
}
