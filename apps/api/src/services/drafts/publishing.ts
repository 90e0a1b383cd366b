import { DRAFT_MESSAGES, SCRIPT_LIMITS, type DraftPublication, type ScriptInput } from '@vox/contract/schemas';
import { parseFountain } from '@vox/fountain';
import { BadRequestError, ConflictError } from '../../domain-errors';
import { lineKey, matchLines } from '../scripts/line-matching';
import { checkedScript } from '../scripts/scripts';
import { toPublishedAs, type DraftsContext } from './context';

/** Publishing a draft as a script, its lines matched to the script's so takes carry forward. */
export interface PublishingService {
  /**
   * Makes the draft (as it is at `baseRevision`) a script, or updates the script it made
   * before: lines matched by line-matching.ts keep their ids and takes; see DraftPublication.
   */
  publish(me: string, draftId: string, baseRevision: number): Promise<DraftPublication>;
}

export function publishingService(ctx: DraftsContext): PublishingService {
  const { repo, scripts, mine } = ctx;
  return {
    async publish(me, draftId, baseRevision) {
      const row = await mine(me, draftId);
      if (row.revision !== baseRevision) throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      const parsed = parseFountain(row.body);
      if (parsed.lines.length === 0) throw new BadRequestError(DRAFT_MESSAGES.nothingToPublish);
      const L = SCRIPT_LIMITS;
      if (parsed.lines.length > L.lines || parsed.roles.length > L.roles || parsed.lines.some((line) => line.text.length > L.lineText)) {
        throw new BadRequestError(DRAFT_MESSAGES.tooLongToPublish);
      }
      const before = await repo.findPublication(me, draftId);
      const script = before ? await scripts.loadScript(before.script_id, me) : undefined;
      const oldLines = script?.lines ?? [];
      const match = matchLines(oldLines, parsed.lines);
      // A line cut before and now back word for word is its old self again, with its takes.
      if (script?.retiredLines && match.added > 0) {
        const retired = new Map<string, string[]>();
        for (const line of script.retiredLines) retired.set(lineKey(line), [...(retired.get(lineKey(line)) ?? []), line.id]);
        parsed.lines.forEach((line, i) => {
          const id = match.ids[i] === null ? retired.get(lineKey(line))?.shift() : undefined;
          if (!id) return;
          match.ids[i] = id;
          match.added--;
          match.unchanged++;
        });
      }
      // Title page fields win; what the draft does not say, the script keeps (a synopsis or a
      // role's description added in the script editor is not wiped by the next publish).
      const descriptions = new Map((script?.roles ?? []).map((role) => [role.name.toLowerCase(), role.description]));
      const input: ScriptInput = {
        title: (parsed.title || row.title).slice(0, L.title),
        synopsis: (parsed.synopsis || script?.synopsis || '').slice(0, L.synopsis),
        genre: (parsed.genre || script?.genre || '').slice(0, L.genre),
        language: (parsed.language || script?.language || '').slice(0, L.language),
        visibility: script?.visibility ?? 'private',
        isFree: script?.isFree ?? false,
        roles: parsed.roles.map((role) => ({
          name: role.name.slice(0, L.roleName),
          description: (role.description || descriptions.get(role.name.toLowerCase()) || '').slice(0, L.roleDescription),
        })),
        lines: parsed.lines.map((line, i) => ({
          ...(match.ids[i] && { id: match.ids[i] as string }),
          kind: line.kind,
          role: line.role?.slice(0, L.roleName) ?? null,
          parenthetical: line.parenthetical?.slice(0, L.parenthetical) ?? null,
          text: line.text,
        })),
      };
      const saved = await scripts.saveScript(me, checkedScript(input), script?.id);
      const now = new Date().toISOString();
      await repo.savePublication({ draft_id: row.id, script_id: saved.id, revision: row.revision, published_at: now });
      return {
        publishedAs: toPublishedAs({ script_id: saved.id, title: input.title.trim(), revision: row.revision, published_at: now }),
        created: !script,
        lines: { total: parsed.lines.length, unchanged: match.unchanged, changed: match.changed, added: match.added, removed: match.removed.length },
        takes: await repo.scriptTakeCounts(saved.id),
      };
    },
  };
}
