import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  SCRIPT_MESSAGES,
  SOCIAL_MESSAGES,
  normalizeScript,
  type NormalizedScript,
  type Script,
  type ScriptInput,
  type ScriptList,
  type ScriptListQuery,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError, UnsupportedMediaTypeError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import { toCoverPicture } from '../../repositories/covers';
import { createPhotoStore } from '../../repositories/photos';
import type { Viewer } from '../../repositories/scripts';
import { MESSAGE_LOGIN_REQUIRED } from '../../plugins/app/authentication';
import { createScriptWriter } from './script-writes';

declare module 'fastify' {
  interface FastifyInstance {
    scripts: ScriptsService;
  }
}

/**
 * Scripts: the list, one script, create / replace / delete and the cover (owner), and the
 * session lookup. Who reads what is the repository's `readableBy`; this service adds who may
 * change what and answers the contract's shapes. Rules: routes/api/README-scripts.md.
 */
interface ScriptsService {
  /** The caller as the reading rules see them (read_free_script read per request, never cached). */
  viewerOf(userId: string | null): Promise<Viewer>;
  /** Anonymous visitors (a public profile page) list public scripts; the other scopes are someone's. */
  list(viewerId: string | null, query: ScriptListQuery): Promise<ScriptList>;
  create(me: string, input: ScriptInput): Promise<Script>;
  get(me: string, scriptId: string): Promise<Script>;
  replace(me: string, scriptId: string, input: ScriptInput): Promise<Script>;
  /**
   * The same save for a large body not parsed on the event loop (item 7): the body's
   * bytes are parsed, checked and written in the script-writes worker thread, which answers the
   * script serialized. Refusals come back as `ScriptWriteRefused` (the route answers them as a
   * small save's would be answered).
   */
  replaceFromBytes(me: string, scriptId: string, body: Buffer): Promise<Buffer>;
  remove(me: string, scriptId: string): Promise<void>;
  /**
   * Sets the cover from the picture `readPicture` gives (undefined: none was sent). It is read
   * only once the caller is known to own the script, so a refused upload is never stored.
   */
  setCover(me: string, scriptId: string, readPicture: () => Promise<Buffer | undefined>): Promise<Script>;
  removeCover(me: string, scriptId: string): Promise<Script>;
  /** My current reading session of the script (started when there is none). */
  currentSession(me: string, scriptId: string): Promise<{ id: string }>;
}

/** The save rules of the contract, as a domain error the editor shows. */
export function checkedScript(input: ScriptInput): NormalizedScript {
  const checked = normalizeScript(input);
  if ('problem' in checked) throw new BadRequestError(checked.problem);
  return checked.script;
}

async function scripts(app: FastifyInstance, { config }: { config: Config }) {
  const { rolesRepository, scriptsRepository: repository, sessionsRepository: sessions } = app;
  const photos = createPhotoStore(app.db, config.dataDir, app.storage);
  const audio = createAudioStore(app.db, config.dataDir, app.storage);
  const notFound = () => new NotFoundError(SOCIAL_MESSAGES.scriptNotFound);
  const writer = createScriptWriter({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pgSchema: config.pgSchema });
  app.addHook('onClose', () => writer.close());

  async function viewerOf(userId: string | null): Promise<Viewer> {
    if (!userId) return { userId: null, canReadFree: false };
    const privileges = (await rolesRepository.effectivePrivileges([userId])).get(userId) ?? [];
    return { userId, canReadFree: privileges.includes('read_free_script') };
  }

  /** The script as the caller may read it; 404 alike for "does not exist" and "not yours to read". */
  async function readable(me: string, scriptId: string) {
    const viewer = await viewerOf(me);
    const script = await repository.findReadableScript(scriptId, me, viewer.canReadFree);
    if (!script) throw notFound();
    return script;
  }

  /** The script the caller may change: 404 when they may not even read it, 403 when not theirs. */
  async function owned(me: string, scriptId: string) {
    const script = await readable(me, scriptId);
    if (script.owner_id !== me) throw new ForbiddenError(SCRIPT_MESSAGES.notOwner);
    return script;
  }

  /** The whole script as the caller sees it (it can vanish only if deleted meanwhile). */
  async function answer(scriptId: string, me: string): Promise<Script> {
    const script = await repository.loadScript(scriptId, me);
    if (!script) throw notFound();
    return script;
  }

  app.decorate('scripts', {
    viewerOf,

    async list(viewerId, { q, scope = 'all', owner, page, pageSize }) {
      const viewer = await viewerOf(viewerId);
      if (!viewer.userId && scope !== 'all' && scope !== 'public') throw new UnauthorizedError(MESSAGE_LOGIN_REQUIRED);
      if (scope === 'free' && !viewer.canReadFree) throw new ForbiddenError(SCRIPT_MESSAGES.freeNeedsPrivilege);
      return repository.listScripts({ viewer, q, scope, owner, page, pageSize });
    },

    async create(me, input) {
      const { id } = await repository.saveScript(me, checkedScript(input));
      return answer(id, me);
    },

    async get(me, scriptId) {
      return answer((await readable(me, scriptId)).id, me);
    },

    async replace(me, scriptId, input) {
      const script = await owned(me, scriptId);
      const { id, droppedAudio } = await repository.saveScript(me, checkedScript(input), script.id);
      await audio.prune(droppedAudio);
      return answer(id, me);
    },

    async replaceFromBytes(me, scriptId, body) {
      const script = await owned(me, scriptId);
      const { answer: json, droppedAudio } = await writer.save(me, script.id, body);
      await audio.prune(droppedAudio);
      return json;
    },

    async remove(me, scriptId) {
      const script = await owned(me, scriptId);
      await audio.prune(await repository.deleteScript(script.id));
    },

    async setCover(me, scriptId, readPicture) {
      const script = await owned(me, scriptId);
      const bytes = await readPicture();
      if (!bytes) throw new BadRequestError(SCRIPT_MESSAGES.coverMissing);
      const picture = await toCoverPicture(bytes);
      if (!picture) throw new UnsupportedMediaTypeError(SCRIPT_MESSAGES.coverUnsupported);
      await repository.setScriptCover(script.id, await photos.savePhoto(picture, 'image/webp'));
      return answer(script.id, me);
    },

    async removeCover(me, scriptId) {
      const script = await owned(me, scriptId);
      // The picture itself stays in the photo store: content-addressed, others may show it too.
      await repository.setScriptCover(script.id, null);
      return answer(script.id, me);
    },

    async currentSession(me, scriptId) {
      const script = await readable(me, scriptId);
      return { id: await sessions.openCurrentSession(app.dbDialect, script.id, me) };
    },
  } satisfies ScriptsService);
}

export default fp(scripts, { name: 'scripts', dependencies: ['database', 'roles-repository', 'scripts-repository', 'sessions-repository', 'storage'] });
