import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  RESERVED_HANDLES,
  SCRIPT_MESSAGES,
  SOCIAL_LIMITS,
  displayName,
  type DemoScene,
  type HandleSuggestion,
  type ShareLinkPreview,
  type Showcase,
  type ShowcaseScene,
} from '@vox/contract/schemas';
import { DEMO_HANDLE } from '../admin/seed-demo';
import { NotFoundError } from '../domain-errors';

declare module 'fastify' {
  interface FastifyInstance {
    firstHour: FirstHour;
  }
}

/** What a visitor sees before joining, and the newcomer's first-run help. */
interface FirstHour {
  /** A usable link's title, inviter and role, nothing more; NotFoundError ('This link is invalid.') otherwise. */
  linkPreview(linkId: string): Promise<ShareLinkPreview>;
  /** The demo scenes, each with its featured read when that read is still finished; those with one first. */
  showcase(): Promise<Showcase>;
  /** A demo scene's text, for anyone; NotFoundError for any other script. */
  demoScene(scriptId: string): Promise<DemoScene>;
  /** A free handle from the member's email (null when they have a handle or no email). */
  suggestHandle(userId: string): Promise<HandleSuggestion>;
}

/**
 * A handle made from an email's local part: "Ada.Lovelace+news@x.org" -> "ada.lovelace". Only the
 * handle's characters survive, it starts and ends with a letter or digit, and it is cut to fit.
 * Answers '' when nothing usable is left.
 */
export function handleFromEmail(email: string): string {
  const local = email.split('@')[0].split('+')[0].toLowerCase();
  const cleaned = local
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/[._-]{2,}/g, '.')
    .slice(0, SOCIAL_LIMITS.handleMax - 4)
    .replace(/^[._-]+|[._-]+$/g, '');
  return cleaned;
}

/**
 * Who read a featured read's lines, as its card says ("Read by …"): the VoxClub system account's
 * takes are the synthesized demo read of `npm run seed:demo`, and say so.
 */
const SYNTHESIZED_READERS = 'computer voices (eSpeak NG)';

async function firstHour(app: FastifyInstance) {
  const repo = app.firstHourRepository;
  app.decorate('firstHour', {
    async linkPreview(linkId) {
      const row = await repo.findLinkPreview(linkId);
      if (!row) throw new NotFoundError(MESSAGES.invalidLink);
      return { title: row.title, inviter: displayName({ name: row.inviterName, handle: row.inviterHandle }), role: row.role };
    },

    async showcase() {
      const scenes = await repo.listDemoScenes(DEMO_HANDLE);
      const answer: ShowcaseScene[] = [];
      for (const scene of scenes) {
        let read: ShowcaseScene['read'] = null;
        if (scene.featuredSession) {
          const lines = await repo.readLines(scene.id, scene.featuredSession);
          // Finished: every spoken line has its picked take. A read that lost one is not offered.
          const finished = lines.some((l) => l.role) && lines.every((l) => !l.role || l.audioId);
          if (finished) {
            const readers: string[] = [];
            for (const l of lines) {
              if (!l.audioId) continue;
              const name = l.readerHandle?.toLowerCase() === DEMO_HANDLE ? SYNTHESIZED_READERS : displayName({ name: l.readerName, handle: l.readerHandle });
              if (!readers.includes(name)) readers.push(name);
            }
            read = {
              readers,
              lines: lines.map((l) => ({ role: l.role, text: l.text, audioId: l.role ? l.audioId : null, durationMs: l.role ? l.durationMs : null })),
            };
          }
        }
        answer.push({ scriptId: scene.id, title: scene.title, synopsis: scene.synopsis, roles: scene.roles, lineCount: scene.lineCount, read });
      }
      // The scenes a visitor can listen to lead (then by title): the front door's first promise.
      return { scenes: answer.sort((a, b) => Number(b.read !== null) - Number(a.read !== null)) };
    },

    async demoScene(scriptId) {
      const scene = await repo.findDemoScene(DEMO_HANDLE, scriptId);
      if (!scene) throw new NotFoundError(SCRIPT_MESSAGES.demoSceneNotFound);
      return { scriptId: scene.id, title: scene.title, lines: scene.lines.map((l) => ({ kind: l.kind, role: l.role, parenthetical: l.parenthetical, text: l.text })) };
    },

    async suggestHandle(userId) {
      const user = await app.usersRepository.findById(userId);
      if (!user || user.handle || !user.email) return { handle: null };
      let base = handleFromEmail(user.email);
      if (base.length < SOCIAL_LIMITS.handleMin) base = `${base || 'reader'}${'0'.repeat(SOCIAL_LIMITS.handleMin)}`.slice(0, Math.max(SOCIAL_LIMITS.handleMin, base.length + 3));
      const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}${i + 2}`)].filter(
        (h) => !(RESERVED_HANDLES as readonly string[]).includes(h),
      );
      const taken = await repo.takenHandles(candidates);
      const free = candidates.find((h) => !taken.has(h));
      if (free) return { handle: free };
      // Nine in a row taken: a few random digits make a clash unlikely; the save still checks.
      return { handle: `${base}${Math.floor(1000 + Math.random() * 9000)}` };
    },
  } satisfies FirstHour);
}

export default fp(firstHour, {
  name: 'first-hour',
  dependencies: ['first-hour-repository', 'users-repository'],
});
