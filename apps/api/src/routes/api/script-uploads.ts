import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { Compile } from 'typebox/compile';
import { AUDIO_MAX_BYTES, AuditionFileFields, SCRIPT_MESSAGES, TakeUploadFields } from '@vox/contract/schemas';
import { BadRequestError, DomainError } from '../../domain-errors';
import { validationMessage } from '../../plugins/app/error-handler';
import { hasNul, NUL_IN_BODY, NUL_IN_FILE_NAME, nulFieldMessage } from '../../plugins/external/nul-characters';
import type { AuditionFileUpload } from '../../services/casting/auditions';
import type { TakeUpload } from '../../services/reading-sessions/reading-sessions';

/**
 * Reading multipart uploads of recordings: a table read's take, an audition's take (the same
 * form) and an audition's whole file (HTTP work, kept out of the services;
 * not a route module: routes/api/index.ts registers the modules by name).
 */

/** Reads and drops the rest of a file part we will not store, so the request ends normally. */
async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  // A broken form (no closing boundary) has already destroyed the part: no 'end' will come.
  if (part.file.readableEnded || part.file.destroyed) return;
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
    part.file.once('error', () => resolve());
  });
}

/** busboy's errors about a broken form carry no status; they are the client's, not ours. */
export function asUploadError(err: unknown): unknown {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' || err instanceof DomainError) return err;
  return new BadRequestError(SCRIPT_MESSAGES.uploadUnreadable);
}

/**
 * The one file of a multipart upload, under `field`, with the text fields sent before it.
 * Answers undefined (after draining) when there is no file or it has another name; refuses
 * (400, after draining) a text field or file name holding a NUL character.
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
  const nul = part ? nulInUpload(part) : undefined;
  if (part && nul) {
    await drain(part);
    throw new BadRequestError(nul);
  }
  return part;
}

/** A text field or the file's name holding a NUL character (plugins/external/nul-characters.ts). */
function nulInUpload(part: MultipartFile): string | undefined {
  const name = Object.keys(part.fields).find((key) => hasNul(key) || hasNul(fieldValue(part, key) ?? ''));
  if (name !== undefined) return hasNul(name) ? NUL_IN_BODY : nulFieldMessage(name);
  return hasNul(part.filename) ? NUL_IN_FILE_NAME : undefined;
}

/** The text value of a multipart field sent before the file, or undefined. */
export function fieldValue(part: MultipartFile, name: string): string | undefined {
  const entry = part.fields[name];
  const one = Array.isArray(entry) ? entry[0] : entry;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

// Multipart fields are text: a whole number of milliseconds arrives as digits.
function putDuration(fields: Record<string, unknown>, durationText: string | undefined) {
  if (durationText !== undefined && durationText !== '') fields.durationMs = /^\d+$/.test(durationText) ? Number(durationText) : durationText;
}

const takeFields = Compile(TakeUploadFields);
const auditionFileFields = Compile(AuditionFileFields);

/** TypeBox's errors in the shape the error handler turns into sentences (Ajv's names). */
function fieldErrors(check: typeof takeFields | typeof auditionFileFields, fields: unknown): FastifySchemaValidationError[] {
  return [...check.Errors(fields)].map((error) => {
    const params = error.params as Record<string, unknown>;
    const missing = Array.isArray(params.requiredProperties) ? params.requiredProperties[0] : undefined;
    return { ...error, params: missing ? { ...params, missingProperty: missing } : params } as FastifySchemaValidationError;
  });
}

/**
 * A recorded take as multipart: text fields lineId, clientId, durationMs, then the file
 * "audio". Refuses (400, after draining) a missing file or fields the contract does not accept.
 */
export async function readTakeUpload(request: FastifyRequest): Promise<TakeUpload> {
  const part = await readFilePart(request, 'audio', AUDIO_MAX_BYTES);
  if (!part) throw new BadRequestError(SCRIPT_MESSAGES.audioMissing);
  const durationText = fieldValue(part, 'durationMs');
  const fields: Record<string, unknown> = {};
  for (const name of ['lineId', 'clientId'] as const) {
    const value = fieldValue(part, name);
    if (value !== undefined) fields[name] = value;
  }
  putDuration(fields, durationText);
  if (!takeFields.Check(fields)) {
    await drain(part);
    throw new BadRequestError(validationMessage(fieldErrors(takeFields, fields), 'body'));
  }
  const { lineId, clientId, durationMs } = fields as TakeUploadFields;
  return {
    lineId,
    clientId,
    durationMs: durationMs ?? null,
    file: part.file,
    skip: () => drain(part),
    unreadable: asUploadError,
  };
}

/**
 * An audition's whole file as multipart: the optional text field durationMs, then the file
 * "audio". Refuses (400, after draining) a missing file or a duration the contract does not accept.
 */
export async function readAuditionFileUpload(request: FastifyRequest): Promise<AuditionFileUpload> {
  const part = await readFilePart(request, 'audio', AUDIO_MAX_BYTES);
  if (!part) throw new BadRequestError(SCRIPT_MESSAGES.audioMissing);
  const fields: Record<string, unknown> = {};
  putDuration(fields, fieldValue(part, 'durationMs'));
  if (!auditionFileFields.Check(fields)) {
    await drain(part);
    throw new BadRequestError(validationMessage(fieldErrors(auditionFileFields, fields), 'body'));
  }
  const { durationMs } = fields as AuditionFileFields;
  return { durationMs: durationMs ?? null, file: part.file, skip: () => drain(part), unreadable: asUploadError };
}
