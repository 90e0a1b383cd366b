import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../domain-errors';

/**
 * Text holding a NUL character (U+0000) is refused with a 400 wherever a request carries it:
 * PostgreSQL cannot store it in text or compare text with it (the query failed, a 500), while
 * SQLite took it, so the same request behaved differently on the two. The answers name the part
 * as the schema's messages do ("Field 'lines.2.text' …", "Query parameter 'q' …").
 * - JSON bodies: `nulCharacterMessage` as they are parsed (body-parsing.ts; the script-writes
 *   worker for the large saves it parses itself).
 * - Path and query parameters: this plugin's hook, before the body is read.
 * - Multipart uploads: the text fields and the file's name, as the upload is read
 *   (routes/api/script-uploads.ts `readFilePart`, the one reader of uploads that keep text).
 */
const NUL = '\u0000';
export const NUL_IN_BODY = 'The request body must not contain a NUL character.';
/** A field deeper than this is not named (its path would be longer than the message is useful). */
const MAX_PATH_SEGMENTS = 16;

type Entry = { value: unknown; key?: string; parent?: Entry };

/**
 * The 400's text when JSON `text`, parsed as `value`, holds a NUL character in a string or a key,
 * naming the first field that does; undefined when there is none. JSON can only spell the
 * character as the escape `\u0000` (a raw one is not valid JSON), so only a text that has it is
 * walked: a body without it costs one scan of its text.
 */
export function nulCharacterMessage(text: string, value: unknown): string | undefined {
  if (!text.includes('\\u0000')) return undefined;
  // Iterative, depth first in document order, each entry linked to its parent (no path copies): a
  // deeply nested body must neither overflow the stack nor take time quadratic in its depth.
  const stack: Entry[] = [{ value }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const current = entry.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return fieldMessage(entry);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      if (entries.some(([key]) => key.includes(NUL))) return NUL_IN_BODY;
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: entry });
    }
  }
  return undefined;
}

function fieldMessage(entry: Entry): string {
  const path: string[] = [];
  for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) {
    path.unshift(at.key);
    if (path.length > MAX_PATH_SEGMENTS) return NUL_IN_BODY;
  }
  return path.length > 0 ? nulFieldMessage(path.join('.')) : NUL_IN_BODY;
}

export const nulFieldMessage = (field: string) => `Field '${field}' must not contain a NUL character.`;
export const NUL_IN_FILE_NAME = 'The file name must not contain a NUL character.';
export const hasNul = (text: string) => text.includes(NUL);

/** The first path or query parameter (a value, a list's item, or a name) holding a NUL character. */
function parameterMessage(label: string, parameters: unknown): string | undefined {
  if (parameters === null || typeof parameters !== 'object') return undefined;
  for (const [name, value] of Object.entries(parameters)) {
    const texts = Array.isArray(value) ? value : [value];
    if (name.includes(NUL)) return `The request's ${label.toLowerCase()}s must not contain a NUL character.`;
    if (texts.some((text) => typeof text === 'string' && text.includes(NUL))) return `${label} '${name}' must not contain a NUL character.`;
  }
  return undefined;
}

async function nulCharacters(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const message = parameterMessage('Path parameter', request.params) ?? parameterMessage('Query parameter', request.query);
    if (message) throw new BadRequestError(message);
  });
}

export default fp(nulCharacters, { name: 'nul-characters' });
