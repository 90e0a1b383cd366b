import { parse as parseJson } from 'secure-json-parse';
import { endpointSchemas, normalizeScript } from '@vox/contract/schemas';
import type { Db } from '../../../db/database';
import { loadScript, saveScript } from '../../../repositories/scripts';
import { nulCharacterMessage } from '../../../plugins/external/nul-characters';
import { serverValidator } from '../../../plugins/external/validation';
import type { SaveRefusal, SaveRequest } from './protocol';

type Outcome = { ok: true; answer: Uint8Array; droppedAudio: string[] } | { ok: false; refusal: SaveRefusal };

/** The body check Fastify runs for PUT /api/scripts/{id} (same compiler, same options, no coercion). */
export function compileSaveScriptBodyValidator() {
  const compile = serverValidator();
  return compile({ schema: endpointSchemas.saveScript.body, httpPart: 'body', method: 'PUT', url: '/api/scripts/:scriptId' } as never) as ((data: unknown) => boolean) & {
    errors?: unknown;
  };
}

/**
 * One large save, everything a small save does between receiving the body and sending the answer:
 * parse (prototype-poisoning safe, as Fastify's JSON parser; text with a NUL character refused as
 * the app's JSON parser refuses it), check against the contract's schema,
 * apply the save rules, write (repositories/scripts.ts `saveScript`, the same code as every save)
 * and read back the answer, serialized. Runs in the script-writes worker thread.
 */
export async function writeScript(db: Db, validate: ReturnType<typeof compileSaveScriptBodyValidator>, request: Omit<SaveRequest, 'id'>): Promise<Outcome> {
  const text = Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength).toString('utf8');
  let input: unknown;
  if (text.trim() !== '') {
    try {
      input = parseJson(text, { protoAction: 'error', constructorAction: 'error' });
    } catch (err) {
      return { ok: false, refusal: { kind: 'json', message: (err as Error).message } };
    }
    const nul = nulCharacterMessage(text, input);
    if (nul) return { ok: false, refusal: { kind: 'rule', message: nul } };
  }
  if (!validate(input)) return { ok: false, refusal: { kind: 'validation', errors: (validate.errors ?? []) as never } };
  const checked = normalizeScript(input as Parameters<typeof normalizeScript>[0]);
  if ('problem' in checked) return { ok: false, refusal: { kind: 'rule', message: checked.problem } };
  const { id, droppedAudio } = await saveScript(db, request.me, checked.script, request.scriptId);
  const script = await loadScript(db, id, request.me);
  if (!script) return { ok: false, refusal: { kind: 'gone' } };
  return { ok: true, answer: new Uint8Array(Buffer.from(JSON.stringify(script), 'utf8')), droppedAudio };
}
