import {
  AUDITION_LIMITS,
  AUDITION_MESSAGES as M,
  displayName,
  type CastingAudition,
  type CastingAuditionList,
  type CastingAuditionReview,
  type CastingScene,
  type CastRoleInput,
  type CastRoleResult,
} from '@vox/contract/schemas';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { closeIfAllCast, isDraft, markCast, type AuditionWithFile } from '../../repositories/casting-auditions';
import { addParticipant } from '../../repositories/classes';
import { createNotification } from '../../repositories/notifications';
import { createSession } from '../../repositories/sessions';
import { auditionAudioPath, type CastingContext } from './context';
import { cuesOfSides, type ScriptLine } from './cues';

/** The call owner's side: the auditions per role, their review, the scene with a chosen cast, casting. */
export interface ReviewService {
  roleAuditions(me: string, roleId: string): Promise<CastingAuditionList>;
  review(me: string, auditionId: string, input: CastingAuditionReview): Promise<CastingAudition>;
  scene(me: string, callId: string, auditionIds: string[]): Promise<CastingScene>;
  cast(me: string, roleId: string, input: CastRoleInput): Promise<CastRoleResult>;
}

export function reviewService(ctx: CastingContext): ReviewService {
  const { app, repo, auditions, people, nowIso, ownCall, ownRole, sees, sidesOf, shapeAuditions, fresh } = ctx;
  const auditionNotFound = () => new NotFoundError(M.auditionNotFound);

  /** A sent audition for a role of my call; others' are refused when they may see the call, else not found. */
  async function sentToMe(me: string, auditionId: string) {
    const row = await auditions.findAudition(auditionId);
    if (!row || row.status !== 'sent' || isDraft(row)) throw auditionNotFound();
    const found = await auditions.findRole(row.role_id);
    if (!found) throw auditionNotFound();
    if (found.call.owner_id !== me) throw row.member_id !== me && (await sees(found.call, me)) ? new ForbiddenError(M.onlyOwner) : auditionNotFound();
    return { row, ...found };
  }

  return {
    async roleAuditions(me, roleId) {
      const { role } = await ownRole(me, roleId);
      return { items: await shapeAuditions(await auditions.sentAuditionsOfRole(role.id), me) };
    },

    async review(me, auditionId, input) {
      const { row } = await sentToMe(me, auditionId);
      const fields: Parameters<typeof auditions.updateReview>[1] = {};
      if (input.note !== undefined) fields.owner_note = input.note.trim();
      if (input.shortlisted !== undefined) fields.shortlisted = input.shortlisted ? 1 : 0;
      if (input.rating !== undefined) fields.rating = input.rating;
      await auditions.updateReview(row.id, fields, nowIso());
      return (await shapeAuditions([(await auditions.findAudition(row.id)) as AuditionWithFile], me))[0];
    },

    async scene(me, callId, auditionIds) {
      const call = await ownCall(me, callId);
      const ids = [...new Set(auditionIds)];
      if (ids.length === 0) throw new BadRequestError(M.sceneAuditionsMissing);
      const rows = await auditions.auditionsByIds(ids);
      const roles = new Map((await repo.rolesOf([call.id])).map((r) => [r.id, r]));
      const chosen = new Map<string, AuditionWithFile>();
      for (const id of ids) {
        const row = rows.find((r) => r.id === id);
        if (!row || row.status !== 'sent' || isDraft(row) || !roles.has(row.role_id)) throw auditionNotFound();
        if (chosen.has(row.role_id)) throw new BadRequestError(M.sceneRoleTwice);
        chosen.set(row.role_id, row);
      }
      const lines = await auditions.dialogueLines(call.script_id);
      // Each chosen role's sides and their cues: the lines the scene plays.
      const sideOf = new Map<string, AuditionWithFile>();
      const wanted = new Set<string>();
      for (const [roleId, row] of chosen) {
        const role = roles.get(roleId);
        if (!role) continue;
        const cues = cuesOfSides(lines, role.role_name, sidesOf(role), AUDITION_LIMITS.cuesPerSide);
        for (const [sideId, before] of cues) {
          sideOf.set(sideId, row);
          wanted.add(sideId);
          for (const cue of before) wanted.add(cue.id);
        }
      }
      const played = lines.filter((l) => wanted.has(l.id));
      const takes = await auditions.takesOf([...chosen.values()].map((r) => r.id));
      const ownerAudio = await auditions.ownerTakes(call.script_id, call.owner_id, played.map((l) => l.id));
      const lineOf = (l: ScriptLine) => ({ lineId: l.id, roleName: l.role_name ?? '', parenthetical: l.parenthetical, text: l.text });
      return {
        callId: call.id,
        lines: played.map((line) => {
          const by = sideOf.get(line.id);
          if (by) {
            const take = takes.find((t) => t.audition_id === by.id && t.line_id === line.id);
            return take
              ? { ...lineOf(line), auditionId: by.id, source: 'audition' as const, audioUrl: app.fileLinks.sign(auditionAudioPath(by.id, line.id)) }
              : { ...lineOf(line), auditionId: by.id, source: 'none' as const, audioUrl: null };
          }
          const owned = ownerAudio.get(line.id);
          return owned
            ? { ...lineOf(line), auditionId: null, source: 'owner' as const, audioUrl: `/api/audio/${owned}` }
            : { ...lineOf(line), auditionId: null, source: 'none' as const, audioUrl: null };
        }),
        auditions: await shapeAuditions(ids.map((id) => rows.find((r) => r.id === id) as AuditionWithFile), me),
      };
    },

    async cast(me, roleId, input) {
      const { role, call } = await ownRole(me, roleId);
      if (role.cast_member_id) throw new ConflictError(M.roleAlreadyCast);
      const row = await auditions.findAudition(input.auditionId);
      if (!row || row.role_id !== role.id || row.status !== 'sent' || isDraft(row)) throw auditionNotFound();
      const member = row.member_id;
      const scriptTitle = (await repo.scriptsByIds([call.script_id])).get(call.script_id)?.title ?? '';
      const ownerName = displayName((await people.peopleById([me])).get(me) ?? { name: null, handle: null });
      const now = nowIso();
      const done = await app.db.transaction().execute(async (trx) => {
        if (!(await markCast(trx, role.id, row.id, member, now))) return null;
        // The table read: the owner starts it, the cast member is seated in the role.
        const sessionId = await createSession(trx, call.script_id, me);
        await addParticipant(trx, sessionId, member, role.role_name);
        const messageId = await createNotification(trx, {
          userId: member,
          type: 'casting_cast',
          payload: {
            fromUserId: me,
            text: `${ownerName} cast you as ${role.role_name} in ${scriptTitle}. Your table read is ready.`,
            callId: call.id,
            roleName: role.role_name,
            scriptTitle,
            sessionId,
          },
        });
        await closeIfAllCast(trx, call.id, now);
        return { sessionId, messageId };
      });
      if (!done) throw new ConflictError(M.roleAlreadyCast);
      if (input.notifyOthers ?? true) {
        const others = (await auditions.sentAuditionsOfRole(role.id)).filter((a) => a.member_id !== member);
        for (const other of others) {
          await createNotification(app.db, {
            userId: other.member_id,
            type: 'casting_role_cast',
            payload: {
              fromUserId: me,
              text: `The role of ${role.role_name} in ${scriptTitle} has been cast. Thank you for auditioning.`,
              callId: call.id,
              roleName: role.role_name,
              scriptTitle,
            },
          });
        }
      }
      await app.activityLog.recordAction(me, 'role_cast', `/casting/${call.id}`, { callId: call.id, roleId: role.id, auditionId: row.id });
      return { call: await fresh(call.id, me), sessionId: done.sessionId, messageId: done.messageId };
    },
  };
}
