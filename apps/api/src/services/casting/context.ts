import type { FastifyInstance } from 'fastify';
import {
  AUDITION_MESSAGES,
  AUDITION_WHOLE_PART,
  CASTING_LIMITS,
  CASTING_MESSAGES,
  CASTING_PLUS_ROLES,
  OPEN_CALLS,
  type CastingAudition,
  type CastingCall,
  type CastingRoleInput,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import type { CastingCallRow, NewCastingRole } from '../../repositories/casting';
import { isDraft, type AuditionWithFile, type RoleWithCall } from '../../repositories/casting-auditions';
import { unknownPerson } from '../../repositories/people';

export const DAY_MS = 24 * 3600_000;

/** The address of an audition's recording: a side's take (`part` = its line id) or the whole file. */
export const auditionAudioPath = (auditionId: string, part: string) => `/api/casting/audition-audio/${auditionId}/${part}`;

/**
 * What the casting services share: the repositories, the audio store, who sees a call, and the
 * shapes of a call and an audition. Who sees a call: its owner always; others an unhidden call
 * that is public, friends-only to the owner's friends, or reached by its link. Anything a caller
 * may not see is "not found", so a private call's or audition's existence is never revealed.
 */
export function createCastingContext(app: FastifyInstance, config: Config) {
  const { castingRepository: repo, auditionsRepository: auditions, peopleRepository: people, friendshipsRepository: friendships } = app;
  const audio = createAudioStore(app.db, config.dataDir, app.storage);
  const notFound = () => new NotFoundError(CASTING_MESSAGES.callNotFound);
  const nowIso = () => new Date().toISOString();
  const isOpen = (row: CastingCallRow, now = nowIso()) => row.status === 'open' && row.deadline > now;

  async function maxOpen(me: string): Promise<number> {
    for (const role of CASTING_PLUS_ROLES) if (await app.hasRole(me, role)) return OPEN_CALLS.writerOrPremium;
    return OPEN_CALLS.member;
  }

  function checkDeadline(deadline: string): string {
    const at = Date.parse(deadline);
    const now = Date.now();
    if (!(at > now)) throw new BadRequestError(CASTING_MESSAGES.deadlineInPast);
    if (at > now + CASTING_LIMITS.maxDeadlineDays * DAY_MS) throw new BadRequestError(CASTING_MESSAGES.deadlineTooFar);
    return new Date(at).toISOString();
  }

  /** The roles as stored: each a role of the script, once, with its sides (its own lines, in script order). */
  async function checkRoles(scriptId: string, roles: CastingRoleInput[]): Promise<NewCastingRole[]> {
    if (roles.length === 0) throw new BadRequestError(CASTING_MESSAGES.rolesMissing);
    const { roleNames, lines } = await repo.scriptCastingMaterial(scriptId);
    const seen = new Set<string>();
    return roles.map((role) => {
      const name = role.name.trim();
      if (!roleNames.includes(name)) throw new BadRequestError(CASTING_MESSAGES.roleNotInScript);
      if (seen.has(name)) throw new BadRequestError(CASTING_MESSAGES.roleTwice);
      seen.add(name);
      const own = lines.filter((line) => line.role_name === name).map((line) => line.id);
      let sides: string[];
      if (role.sides) {
        const chosen = new Set(role.sides);
        if ([...chosen].some((id) => !own.includes(id))) throw new BadRequestError(CASTING_MESSAGES.sideNotOfRole);
        sides = own.filter((id) => chosen.has(id));
      } else {
        sides = own.slice(0, CASTING_LIMITS.defaultSides);
      }
      if (sides.length === 0) throw new BadRequestError(CASTING_MESSAGES.noSides);
      return { role_name: name, description: role.description?.trim() ?? '', voice_notes: role.voiceNotes?.trim() ?? '', sides: JSON.stringify(sides) };
    });
  }

  const searchText = (script: { title: string; synopsis: string }, roles: Pick<NewCastingRole, 'role_name' | 'description' | 'voice_notes'>[]) =>
    [script.title, script.synopsis, ...roles.flatMap((r) => [r.role_name, r.description ?? '', r.voice_notes ?? ''])].filter(Boolean).join('\n');

  async function shape(rows: CastingCallRow[], viewer: string | null): Promise<CastingCall[]> {
    const now = nowIso();
    const roles = await repo.rolesOf(rows.map((r) => r.id));
    const sideIds = roles.flatMap((r) => JSON.parse(r.sides) as string[]);
    const ownedRoleIds = roles.filter((r) => rows.find((row) => row.id === r.call_id)?.owner_id === viewer).map((r) => r.id);
    const [lines, scripts, persons, counts] = await Promise.all([
      repo.linesByIds(sideIds),
      repo.scriptsByIds(rows.map((r) => r.script_id)),
      people.peopleById([...rows.map((r) => r.owner_id), ...roles.flatMap((r) => (r.cast_member_id ? [r.cast_member_id] : []))]),
      auditions.sentCounts(ownedRoleIds),
    ]);
    return rows.map((row) => {
      const script = scripts.get(row.script_id);
      const mine = viewer === row.owner_id;
      return {
        id: row.id,
        owner: persons.get(row.owner_id) ?? unknownPerson(row.owner_id),
        script: { id: row.script_id, title: script?.title ?? '', synopsis: script?.synopsis ?? '', genre: script?.genre ?? '', language: script?.language ?? '' },
        roles: roles
          .filter((r) => r.call_id === row.id)
          .map((r) => ({
            id: r.id,
            name: r.role_name,
            description: r.description,
            voiceNotes: r.voice_notes,
            // A side whose line has left the script is left out.
            sides: (JSON.parse(r.sides) as string[]).flatMap((id) => {
              const line = lines.get(id);
              return line ? [{ lineId: id, parenthetical: line.parenthetical, text: line.text }] : [];
            }),
            castMember: r.cast_member_id ? (persons.get(r.cast_member_id) ?? unknownPerson(r.cast_member_id)) : null,
            castAt: r.cast_at,
            auditionCount: mine ? (counts.get(r.id) ?? 0) : null,
          })),
        deadline: row.deadline,
        paid: Boolean(row.paid),
        payNote: row.pay_note,
        visibility: row.visibility,
        linkId: mine ? row.link_id : null,
        status: isOpen(row, now) ? 'open' : 'closed',
        // A call closed by its deadline closed then.
        closedAt: row.closed_at ?? (row.deadline <= now ? row.deadline : null),
        mine,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }

  const shapeOne = async (row: CastingCallRow, viewer: string | null) => (await shape([row], viewer))[0];

  /** Whether `viewer` may open the call by its id (a link-only call only by its link, but always to its owner). */
  async function seesById(row: CastingCallRow, viewer: string | null): Promise<boolean> {
    if (viewer === row.owner_id) return true;
    if (row.hidden) return false;
    if (row.visibility === 'public') return true;
    if (row.visibility === 'friends') return viewer !== null && (await friendships.areFriends(viewer, row.owner_id));
    return false;
  }

  /** Whether `viewer` may see the call at all: by its id, or (link-only, unhidden) by its link. */
  async function sees(row: CastingCallRow, viewer: string | null): Promise<boolean> {
    return (await seesById(row, viewer)) || (row.visibility === 'link' && !row.hidden);
  }

  /** The caller's own call; someone else's is refused when they may see it, else not found. */
  async function ownCall(me: string, callId: string): Promise<CastingCallRow> {
    const row = await repo.findCall(callId);
    if (!row) throw notFound();
    if (row.owner_id !== me) throw (await seesById(row, me)) ? new ForbiddenError(CASTING_MESSAGES.notYours) : notFound();
    return row;
  }

  async function fresh(callId: string, me: string | null): Promise<CastingCall> {
    const row = await repo.findCall(callId);
    if (!row) throw notFound();
    return shapeOne(row, me);
  }

  /** A role of a call the caller may see; not found otherwise. */
  async function visibleRole(viewer: string, roleId: string): Promise<RoleWithCall> {
    const found = await auditions.findRole(roleId);
    if (!found || !(await sees(found.call, viewer))) throw new NotFoundError(AUDITION_MESSAGES.roleNotFound);
    return found;
  }

  /** A role of the caller's own call: someone else's is refused when they may see it, else not found. */
  async function ownRole(me: string, roleId: string): Promise<RoleWithCall> {
    const found = await visibleRole(me, roleId);
    if (found.call.owner_id !== me) throw new ForbiddenError(AUDITION_MESSAGES.onlyOwner);
    return found;
  }

  const sidesOf = (role: { sides: string }) => JSON.parse(role.sides) as string[];

  /**
   * Auditions as their auditioner or the call's owner sees them: takes in the sides' order with
   * signed links; the owner's marks only for the owner.
   */
  async function shapeAuditions(rows: AuditionWithFile[], viewer: string): Promise<CastingAudition[]> {
    const roleIds = [...new Set(rows.map((r) => r.role_id))];
    const found = new Map<string, RoleWithCall>();
    for (const id of roleIds) {
      const role = await auditions.findRole(id);
      if (role) found.set(id, role);
    }
    const [takes, persons] = await Promise.all([auditions.takesOf(rows.map((r) => r.id)), people.peopleById(rows.map((r) => r.member_id))]);
    return rows.flatMap((row) => {
      const rc = found.get(row.role_id);
      if (!rc) return [];
      const order = sidesOf(rc.role);
      const own = takes.filter((t) => t.audition_id === row.id).sort((a, b) => order.indexOf(a.line_id) - order.indexOf(b.line_id));
      return [
        {
          id: row.id,
          callId: rc.call.id,
          roleId: rc.role.id,
          roleName: rc.role.role_name,
          auditioner: persons.get(row.member_id) ?? unknownPerson(row.member_id),
          status: isDraft(row) ? 'draft' : 'sent',
          sentAt: row.sent_at,
          takes: own.map((t) => ({
            lineId: t.line_id,
            audioUrl: app.fileLinks.sign(auditionAudioPath(row.id, t.line_id)),
            contentType: t.content_type,
            byteSize: Number(t.byte_size),
            durationMs: t.duration_ms,
            createdAt: t.created_at,
          })),
          wholeFile: row.audio_id
            ? {
                audioUrl: app.fileLinks.sign(auditionAudioPath(row.id, AUDITION_WHOLE_PART)),
                contentType: row.file_content_type ?? 'application/octet-stream',
                byteSize: Number(row.file_byte_size ?? 0),
                durationMs: row.audio_duration_ms,
              }
            : null,
          review: viewer === rc.call.owner_id ? { note: row.owner_note, shortlisted: Boolean(row.shortlisted), rating: row.rating } : null,
          cast: rc.role.cast_audition_id === row.id,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        } satisfies CastingAudition,
      ];
    });
  }

  return {
    app,
    repo,
    auditions,
    people,
    audio,
    notFound,
    nowIso,
    isOpen,
    maxOpen,
    checkDeadline,
    checkRoles,
    searchText,
    shape,
    shapeOne,
    seesById,
    sees,
    ownCall,
    fresh,
    visibleRole,
    ownRole,
    sidesOf,
    shapeAuditions,
  };
}

export type CastingContext = ReturnType<typeof createCastingContext>;
