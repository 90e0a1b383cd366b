import { SOUND_MESSAGES, type CueList, type CueListInput } from '@vox/contract/schemas';
import { newId } from '../../db/ids';
import { BadRequestError, ForbiddenError } from '../../domain-errors';
import { toCue, type SoundsContext } from './context';

/** Cues: sounds placed on a script's lines. */
export interface CuesService {
  cues(me: string, scriptId: string): Promise<CueList>;
  saveCues(me: string, scriptId: string, input: CueListInput): Promise<CueList>;
}

export function cuesService(ctx: SoundsContext): CuesService {
  const { app, repo } = ctx;
  const cues: CuesService = {
    async cues(me, scriptId) {
      await app.scripts.get(me, scriptId);
      return { cues: (await repo.listCues(scriptId)).map((row) => toCue(row, app.fileLinks)) };
    },

    async saveCues(me, scriptId, input) {
      const script = await app.scripts.get(me, scriptId);
      if (!script.canEdit) throw new ForbiddenError('Only the script’s owner can change its cues.');
      const lines = await repo.scriptLinePositions(scriptId);
      const usable = await repo.usableSoundIds(me, [...new Set(input.cues.map((c) => c.soundId))]);
      const now = new Date().toISOString();
      const rows = input.cues.map((cue, position) => {
        const at = lines.get(cue.lineId);
        if (at === undefined) throw new BadRequestError(SOUND_MESSAGES.cueLineUnknown);
        if (!usable.has(cue.soundId)) throw new BadRequestError(SOUND_MESSAGES.cueSoundUnknown);
        const until = cue.untilLineId ?? null;
        if (until !== null) {
          if (cue.at !== 'bed') throw new BadRequestError(SOUND_MESSAGES.cueUntilOnlyForBeds);
          const untilAt = lines.get(until);
          if (untilAt === undefined) throw new BadRequestError(SOUND_MESSAGES.cueLineUnknown);
          if (untilAt <= at) throw new BadRequestError(SOUND_MESSAGES.cueUntilBeforeLine);
        }
        return { id: newId(), script_id: scriptId, line_id: cue.lineId, sound_id: cue.soundId, at: cue.at, until_line_id: until, volume: cue.volume, position, created_at: now };
      });
      await repo.replaceCues(scriptId, rows);
      return { cues: (await repo.listCues(scriptId)).map((row) => toCue(row, app.fileLinks)) };
    },
  };
  return cues;
}
