import type { Readable } from 'node:stream';
import {
  AUDITION_LIMITS,
  AUDITION_MESSAGES as M,
  AUDITION_WHOLE_PART,
  type CastingAudition,
  type CastingAuditionList,
  type CastingAuditionTake,
  type CastingRoleCues,
  type SignedFileQuery,
} from '@vox/contract/schemas';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import type { AudioStore, StoredAudio } from '../../repositories/audio-store';
import type { ByteRange } from '../../plugins/app/storage';
import { isDraft, type AuditionTakeRow, type AuditionWithFile } from '../../repositories/casting-auditions';
import type { TakeUpload } from '../reading-sessions/reading-sessions';
import { keepUploadedAudio } from '../reading-sessions/take-audio';
import { auditionAudioPath, type CastingContext } from './context';
import { cuesOfSides } from './cues';

/** The whole-audition file as the route read it: its length, then its bytes. */
export interface AuditionFileUpload {
  durationMs: number | null;
  file: Readable & { truncated?: boolean };
  skip(): Promise<void>;
  unreadable(err: unknown): unknown;
}

/** Recording, sending and withdrawing my auditions, and the cue lines I record against. */
export interface AuditionsService {
  cues(me: string, roleId: string): Promise<CastingRoleCues>;
  start(me: string, roleId: string): Promise<{ audition: CastingAudition; created: boolean }>;
  myAuditions(me: string, callId: string): Promise<CastingAuditionList>;
  audition(me: string, auditionId: string): Promise<CastingAudition>;
  /**
   * Records a side line of my draft, exactly once per recording (clientId): the same recording
   * arriving again answers its take with `created: false` and stores nothing.
   */
  uploadTake(me: string, auditionId: string, readUpload: () => Promise<TakeUpload>): Promise<{ take: CastingAuditionTake; created: boolean }>;
  deleteTake(me: string, auditionId: string, lineId: string): Promise<void>;
  uploadFile(me: string, auditionId: string, readUpload: () => Promise<AuditionFileUpload>): Promise<CastingAudition>;
  send(me: string, auditionId: string): Promise<CastingAudition>;
  withdraw(me: string, auditionId: string): Promise<void>;
  /** The recording behind a signed audition link and how to read it; undefined for a bad link or a recording gone. */
  auditionAudio(auditionId: string, part: string, query: SignedFileQuery): Promise<{ audio: StoredAudio; open: (range?: ByteRange) => ReturnType<AudioStore['open']> } | undefined>;
}

export function auditionsService(ctx: CastingContext): AuditionsService {
  const { app, repo, auditions, audio, nowIso, isOpen, visibleRole, sidesOf, shapeAuditions, notFound } = ctx;
  const auditionNotFound = () => new NotFoundError(M.auditionNotFound);
  const shapeOne = async (row: AuditionWithFile, viewer: string) => (await shapeAuditions([row], viewer))[0];

  /** My audition (a draft or sent): anyone else's, or a withdrawn one, is not found. */
  async function mine(me: string, auditionId: string) {
    const row = await auditions.findAudition(auditionId);
    if (!row || row.member_id !== me || row.status !== 'sent') throw auditionNotFound();
    const found = await auditions.findRole(row.role_id);
    if (!found) throw auditionNotFound();
    return { row, ...found };
  }

  /** My draft of a call still open: 409 once sent or once the call closed. */
  async function myDraft(me: string, auditionId: string) {
    const found = await mine(me, auditionId);
    if (!isDraft(found.row)) throw new ConflictError(M.notDraft);
    if (!isOpen(found.call)) throw new ConflictError(M.callClosed);
    return found;
  }

  const shapeTake = (auditionId: string, take: AuditionTakeRow): CastingAuditionTake => ({
    lineId: take.line_id,
    audioUrl: app.fileLinks.sign(auditionAudioPath(auditionId, take.line_id)),
    contentType: take.content_type,
    byteSize: Number(take.byte_size),
    durationMs: take.duration_ms,
    createdAt: take.created_at,
  });

  /** The role's sides still in the script, in script order. */
  async function currentSides(role: { sides: string }): Promise<string[]> {
    const lines = await repo.linesByIds(sidesOf(role));
    return sidesOf(role).filter((id) => lines.has(id));
  }

  return {
    async cues(me, roleId) {
      const { role, call } = await visibleRole(me, roleId);
      const lines = await auditions.dialogueLines(call.script_id);
      const sides = sidesOf(role);
      const cues = cuesOfSides(lines, role.role_name, sides, AUDITION_LIMITS.cuesPerSide);
      const ownerAudio = await auditions.ownerTakes(call.script_id, call.owner_id, [...cues.values()].flat().map((l) => l.id));
      const byId = new Map(lines.map((l) => [l.id, l]));
      const title = (await repo.scriptsByIds([call.script_id])).get(call.script_id)?.title ?? '';
      return {
        callId: call.id,
        roleId: role.id,
        roleName: role.role_name,
        scriptTitle: title,
        sides: sides.flatMap((id) => {
          const line = byId.get(id);
          if (!line) return [];
          return [
            {
              lineId: id,
              parenthetical: line.parenthetical,
              text: line.text,
              cues: (cues.get(id) ?? []).map((cue) => {
                const audioId = ownerAudio.get(cue.id);
                return { lineId: cue.id, roleName: cue.role_name ?? '', parenthetical: cue.parenthetical, text: cue.text, audioUrl: audioId ? `/api/audio/${audioId}` : null };
              }),
            },
          ];
        }),
      };
    },

    async start(me, roleId) {
      const { role, call } = await visibleRole(me, roleId);
      if (call.owner_id === me) throw new ForbiddenError(M.ownCall);
      if (!isOpen(call)) throw new ConflictError(M.callClosed);
      if (role.cast_member_id) throw new ConflictError(M.roleAlreadyCast);
      const { row, created } = await auditions.startAudition(role.id, me, nowIso());
      if (!isDraft(row)) throw new ConflictError(M.alreadySent);
      return { audition: await shapeOne(row, me), created };
    },

    async myAuditions(me, callId) {
      const call = await repo.findCall(callId);
      if (!call || !(await ctx.sees(call, me))) throw notFound();
      return { items: await shapeAuditions(await auditions.memberAuditionsInCall(callId, me), me) };
    },

    async audition(me, auditionId) {
      const row = await auditions.findAudition(auditionId);
      if (!row || row.status !== 'sent') throw auditionNotFound();
      const found = await auditions.findRole(row.role_id);
      const isOwner = found?.call.owner_id === me && row.sent_at !== null;
      if (!found || (row.member_id !== me && !isOwner)) throw auditionNotFound();
      return shapeOne(row, me);
    },

    async uploadTake(me, auditionId, readUpload) {
      const { row, role, call } = await mine(me, auditionId);
      const upload = await readUpload();
      // Exactly once: a recording that already became this audition's take answers that take,
      // even once the audition was sent (the answer to the first upload was lost), and stores nothing.
      const earlier = await auditions.findTakeByClientId(auditionId, upload.clientId);
      if (earlier) {
        await upload.skip();
        return { take: shapeTake(auditionId, earlier), created: false };
      }
      const refusal = !isDraft(row)
        ? new ConflictError(M.notDraft)
        : !isOpen(call)
          ? new ConflictError(M.callClosed)
          : !(await currentSides(role)).includes(upload.lineId)
            ? new BadRequestError(M.lineNotSide)
            : null;
      if (refusal) {
        await upload.skip();
        throw refusal;
      }
      const stored = await keepUploadedAudio(audio, upload, async (kept) => {
        const result = await auditions.putTake(auditionId, { lineId: upload.lineId, clientId: upload.clientId, audio: kept, durationMs: upload.durationMs }, nowIso());
        if (result === 'notDraft') throw new ConflictError(M.notDraft);
        return result;
      });
      await audio.prune(stored.released);
      return { take: shapeTake(auditionId, stored.row), created: true };
    },

    async deleteTake(me, auditionId, lineId) {
      await myDraft(me, auditionId);
      const released = await auditions.deleteTake(auditionId, lineId, nowIso());
      if (released === 'notDraft') throw new ConflictError(M.notDraft);
      if (released) await audio.prune([released]);
    },

    async uploadFile(me, auditionId, readUpload) {
      await myDraft(me, auditionId);
      const upload = await readUpload();
      const released = await keepUploadedAudio(audio, upload, async (kept) => {
        const result = await auditions.putWholeFile(auditionId, kept, upload.durationMs, nowIso());
        if (result === 'notDraft') throw new ConflictError(M.notDraft);
        return result;
      });
      await audio.prune(released);
      return shapeOne((await auditions.findAudition(auditionId)) as AuditionWithFile, me);
    },

    async send(me, auditionId) {
      const { row, role, call } = await mine(me, auditionId);
      if (!isDraft(row)) throw new ConflictError(M.alreadySent);
      if (!isOpen(call)) throw new ConflictError(M.callClosed);
      if (!row.audio_id) {
        const recorded = new Set((await auditions.takesOf([row.id])).map((t) => t.line_id));
        if (!(await currentSides(role)).every((id) => recorded.has(id))) throw new BadRequestError(M.incomplete);
      }
      if (!(await auditions.sendAudition(row.id, nowIso()))) throw new ConflictError(M.alreadySent);
      await app.activityLog.recordAction(me, 'audition_sent', `/casting/${call.id}`, { callId: call.id, roleId: role.id, auditionId: row.id });
      return shapeOne((await auditions.findAudition(auditionId)) as AuditionWithFile, me);
    },

    async withdraw(me, auditionId) {
      const { row, role, call } = await mine(me, auditionId);
      if (!isDraft(row)) {
        if (role.cast_audition_id === row.id) throw new ConflictError(M.wasCast);
        if (call.deadline <= nowIso()) throw new ConflictError(M.deadlinePassed);
      }
      await audio.prune(await auditions.withdrawAudition(row.id, nowIso()));
    },

    async auditionAudio(auditionId, part, query) {
      if (!app.fileLinks.verify(auditionAudioPath(auditionId, part), query)) return undefined;
      const row = await auditions.findAudition(auditionId);
      if (!row || row.status !== 'sent') return undefined;
      const audioId = part === AUDITION_WHOLE_PART ? row.audio_id : (await auditions.takesOf([row.id])).find((t) => t.line_id === part)?.audio_id;
      const stored = audioId ? await audio.find(audioId) : undefined;
      return stored && { audio: stored, open: (range) => audio.open(stored, range) };
    },
  };
}
