import { CASTING_LIMITS, CASTING_MESSAGES, type CastingBoardQuery, type CastingCall, type CastingCallInput, type CastingCallList, type CastingCallUpdate, type CastingLimits } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, ForbiddenError } from '../../domain-errors';
import { DAY_MS, type CastingContext } from './context';

/**
 * Casting calls: a member posts the roles of one of their scripts to cast (within the open-calls
 * limit of their membership), edits the call while it is open, closes and reopens it; anyone
 * finds the open calls they may see on the board.
 */
export interface CallsService {
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

export function callsService(ctx: CastingContext): CallsService {
  const { app, repo, notFound, nowIso, isOpen, maxOpen, checkDeadline, checkRoles, searchText, shape, shapeOne, seesById, ownCall, fresh } = ctx;
  const page = (n: number | undefined) => Math.max(1, n ?? 1);

  return {
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
      await app.activityLog.recordAction(me, 'casting_call_posted', `/casting/${row.id}`, { callId: row.id, roles: roles.length });
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
  };
}
