import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  CASTING_LIMITS,
  CASTING_MESSAGES,
  CASTING_PLUS_ROLES,
  OPEN_CALLS,
  type CastingBoardQuery,
  type CastingCall,
  type CastingCallInput,
  type CastingCallList,
  type CastingCallUpdate,
  type CastingLimits,
  type CastingRoleInput,
} from '@vox/contract/schemas';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import type { CastingCallRow, NewCastingRole } from '../../repositories/casting';
import { unknownPerson } from '../../repositories/people';

declare module 'fastify' {
  interface FastifyInstance {
    casting: CastingService;
  }
}

/**
 * Casting calls: a member posts the roles of one of their scripts to cast (within the open-calls
 * limit of their membership), edits the call while it is open, closes and reopens it; anyone
 * finds the open calls they may see on the board. Who sees a call: its owner always; others an
 * unhidden call that is public, friends-only to the owner's friends, or reached by its link.
 * Anything a caller may not see is "not found", so a private call's existence is never revealed.
 */
interface CastingService {
  board(viewer: string | null, query: CastingBoardQuery): Promise<CastingCallList>;
  get(viewer: string | null, callId: string): Promise<CastingCall>;
  getByLink(viewer: string | null, linkId: string): Promise<CastingCall>;
  mine(me: string, page: number): Promise<CastingCallList>;
  limits(me: string): Promise<CastingLimits>;
  create(me: string, input: CastingCallInput): Promise<CastingCall>;
  update(me: string, callId: string, input: CastingCallUpdate): Promise<CastingCall>;
  close(me: string, callId: string): Promise<CastingCall>;
  reopen(me: string, callId: string): Promise<CastingCall>;
}

const DAY_MS = 24 * 3600_000;

async function casting(app: FastifyInstance) {
  const { castingRepository: repo, peopleRepository, friendshipsRepository } = app;
  const notFound = () => new NotFoundError(CASTING_MESSAGES.callNotFound);
  const nowIso = () => new Date().toISOString();
  const isOpen = (row: CastingCallRow, now: string) => row.status === 'open' && row.deadline > now;

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
    const [lines, scripts, people] = await Promise.all([
      repo.linesByIds(sideIds),
      repo.scriptsByIds(rows.map((r) => r.script_id)),
      peopleRepository.peopleById([...rows.map((r) => r.owner_id), ...roles.flatMap((r) => (r.cast_member_id ? [r.cast_member_id] : []))]),
    ]);
    return rows.map((row) => {
      const script = scripts.get(row.script_id);
      const mine = viewer === row.owner_id;
      return {
        id: row.id,
        owner: people.get(row.owner_id) ?? unknownPerson(row.owner_id),
        script: { id: row.script_id, title: script?.title ?? '', synopsis: script?.synopsis ?? '', genre: script?.genre ?? '', language: script?.language ?? '' },
        roles: roles
          .filter((r) => r.call_id === row.id)
          .map((r) => ({
            name: r.role_name,
            description: r.description,
            voiceNotes: r.voice_notes,
            // A side whose line has left the script is left out.
            sides: (JSON.parse(r.sides) as string[]).flatMap((id) => {
              const line = lines.get(id);
              return line ? [{ lineId: id, parenthetical: line.parenthetical, text: line.text }] : [];
            }),
            castMember: r.cast_member_id ? (people.get(r.cast_member_id) ?? unknownPerson(r.cast_member_id)) : null,
            castAt: r.cast_at,
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
    if (row.visibility === 'friends') return viewer !== null && (await friendshipsRepository.areFriends(viewer, row.owner_id));
    return false;
  }

  /** The caller's own call; someone else's is refused when they may see it, else not found. */
  async function ownCall(me: string, callId: string): Promise<CastingCallRow> {
    const row = await repo.findCall(callId);
    if (!row) throw notFound();
    if (row.owner_id !== me) throw (await seesById(row, me)) ? new ForbiddenError(CASTING_MESSAGES.notYours) : notFound();
    return row;
  }

  async function fresh(callId: string, me: string): Promise<CastingCall> {
    const row = await repo.findCall(callId);
    if (!row) throw notFound();
    return shapeOne(row, me);
  }

  const page = (n: number | undefined) => Math.max(1, n ?? 1);

  app.decorate('casting', {
    async board(viewer, query) {
      const pageNo = page(query.page);
      const pageSize = CASTING_LIMITS.pageSize;
      const { rows, total } = await repo.listBoard(
        viewer,
        {
          q: query.q,
          voice: query.voice,
          paid: query.paid,
          language: query.language?.trim() || undefined,
          closingBy: query.closingSoon ? new Date(Date.now() + CASTING_LIMITS.closingSoonDays * DAY_MS).toISOString() : undefined,
        },
        nowIso(),
        pageNo,
        pageSize,
      );
      return { items: await shape(rows, viewer), total, page: pageNo, pageSize };
    },

    async get(viewer, callId) {
      const row = await repo.findCall(callId);
      if (!row || !(await seesById(row, viewer))) throw notFound();
      return shapeOne(row, viewer);
    },

    async getByLink(viewer, linkId) {
      const row = await repo.findCallByLink(linkId);
      if (!row || (row.hidden && row.owner_id !== viewer)) throw notFound();
      return shapeOne(row, viewer);
    },

    async mine(me, pageNumber) {
      const pageNo = page(pageNumber);
      const pageSize = CASTING_LIMITS.pageSize;
      const { rows, total } = await repo.listMine(me, pageNo, pageSize);
      return { items: await shape(rows, me), total, page: pageNo, pageSize };
    },

    async limits(me) {
      const [open, max] = await Promise.all([repo.countOpenCalls(me, nowIso()), maxOpen(me)]);
      return { open, max };
    },

    async create(me, input) {
      const script = await repo.findOwnScript(input.scriptId, me);
      if (!script) throw new BadRequestError(CASTING_MESSAGES.scriptNotFound);
      const deadline = checkDeadline(input.deadline);
      const roles = await checkRoles(script.id, input.roles);
      const row = await repo.insertCall(
        {
          owner_id: me,
          script_id: script.id,
          deadline,
          paid: input.paid ? 1 : 0,
          pay_note: input.payNote?.trim() ?? '',
          visibility: input.visibility,
          search_text: searchText(script, roles),
        },
        roles,
        await maxOpen(me),
        nowIso(),
      );
      if (row === 'limit') throw new ForbiddenError(CASTING_MESSAGES.openCallsLimit);
      return shapeOne(row, me);
    },

    async update(me, callId, input) {
      const row = await ownCall(me, callId);
      if (!isOpen(row, nowIso())) throw new ConflictError(CASTING_MESSAGES.closed);
      const roles = input.roles ? await checkRoles(row.script_id, input.roles) : null;
      const fields: Parameters<typeof repo.updateCall>[1] = {};
      if (input.deadline !== undefined) fields.deadline = checkDeadline(input.deadline);
      if (input.paid !== undefined) fields.paid = input.paid ? 1 : 0;
      if (input.payNote !== undefined) fields.pay_note = input.payNote.trim();
      if (input.visibility !== undefined) fields.visibility = input.visibility;
      if (roles) {
        const script = (await repo.scriptsByIds([row.script_id])).get(row.script_id);
        fields.search_text = searchText(script ?? { title: '', synopsis: '' }, roles);
      }
      if (!(await repo.updateCall(callId, fields, roles, nowIso()))) throw new ConflictError(CASTING_MESSAGES.closed);
      return fresh(callId, me);
    },

    async close(me, callId) {
      const row = await ownCall(me, callId);
      if (!isOpen(row, nowIso()) || !(await repo.closeCall(callId, nowIso()))) throw new ConflictError(CASTING_MESSAGES.alreadyClosed);
      return fresh(callId, me);
    },

    async reopen(me, callId) {
      const row = await ownCall(me, callId);
      const now = nowIso();
      if (isOpen(row, now)) throw new ConflictError(CASTING_MESSAGES.alreadyOpen);
      if (row.deadline <= now) throw new ConflictError(CASTING_MESSAGES.deadlinePassed);
      const roles = await repo.rolesOf([callId]);
      if (roles.length > 0 && roles.every((r) => r.cast_member_id)) throw new ConflictError(CASTING_MESSAGES.allCast);
      const reopened = await repo.reopenCall(callId, me, await maxOpen(me), now);
      if (reopened === 'limit') throw new ForbiddenError(CASTING_MESSAGES.openCallsLimit);
      if (!reopened) throw new ConflictError(CASTING_MESSAGES.alreadyOpen);
      return fresh(callId, me);
    },
  } satisfies CastingService);
}

export default fp(casting, { name: 'casting', dependencies: ['casting-repository', 'people-repository', 'friendships-repository', 'authorization'] });
