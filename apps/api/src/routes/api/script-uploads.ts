import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { HttpError } from '../../plugins/app/error-handler';
import type { Viewer } from '../../repositories/scripts';

/**
 * Helpers shared by the scripts-area routes (not a route module: routes/api/index.ts registers
 * the modules by name).
 */

/** The caller as the reading rules see them (read_free_script read per request, never cached). */
export async function viewerOf(app: FastifyInstance, userId: string | null): Promise<Viewer> {
  if (!userId) return { userId: null, canReadFree: false };
  const privileges = (await app.rolesRepository.effectivePrivileges([userId])).get(userId) ?? [];
  return { userId, canReadFree: privileges.includes('read_free_script') };
}

/** Reads and drops the rest of a file part we will not store, so the request ends normally. */
export async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  if (part.file.readableEnded) return;
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
    part.file.once('error', () => resolve());
  });
}

/** busboy's errors about a broken form carry no status; they are the client's, not ours. */
export function asUploadError(err: unknown): unknown {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' || err instanceof HttpError) return err;
  return new HttpError(400, SCRIPT_MESSAGES.uploadUnreadable);
}

/**
 * The one file of a multipart upload, under `field`, with the text fields sent before it.
 * Answers undefined (after draining) when there is no file or it has another name.
 */
export async function readFilePart(request: FastifyRequest, field: string, fileSize: number): Promise<MultipartFile | undefined> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize, files: 1 } });
  } catch (err) {
    throw asUploadError(err);
  }
  if (part && part.fieldname !== field) {
    await drain(part);
    return undefined;
  }
  return part;
}

/** The text value of a multipart field sent before the file, or undefined. */
export function fieldValue(part: MultipartFile, name: string): string | undefined {
  const entry = part.fields[name];
  const one = Array.isArray(entry) ? entry[0] : entry;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}
