import {
  AUDITION_MESSAGES as M,
  type CastingCall,
  type CastingCredits,
  type CastingReportInput,
  type CastingSettings,
  type ReportedCastingCalls,
} from '@vox/contract/schemas';
import { ForbiddenError, NotFoundError } from '../../domain-errors';
import { unknownPerson } from '../../repositories/people';
import type { CastingContext } from './context';

/** Reported calls shown to staff at once. */
const REPORTS_SHOWN = 100;

/** Reports and staff hiding, and the roles a member was cast in on their profile. */
export interface ModerationService {
  report(me: string, callId: string, input: CastingReportInput): Promise<void>;
  reports(me: string): Promise<ReportedCastingCalls>;
  hide(me: string, callId: string, hidden: boolean): Promise<CastingCall>;
  credits(viewer: string | null, userId: string): Promise<CastingCredits>;
  settings(me: string): Promise<CastingSettings>;
  updateSettings(me: string, input: CastingSettings): Promise<CastingSettings>;
}

export function moderationService(ctx: CastingContext): ModerationService {
  const { app, repo, auditions, people, notFound, nowIso, sees, fresh } = ctx;
  const staffOnly = async (me: string) => {
    if (!(await app.hasRole(me, 'staff'))) throw new ForbiddenError(M.staffOnly);
  };

  return {
    async report(me, callId, input) {
      const call = await repo.findCall(callId);
      if (!call || !(await sees(call, me))) throw notFound();
      if (call.owner_id === me) throw new ForbiddenError(M.reportOwnCall);
      await auditions.upsertReport(call.id, me, input.reason?.trim() ?? '', nowIso());
    },

    async reports(me) {
      await staffOnly(me);
      const rows = await auditions.listReports(REPORTS_SHOWN);
      const persons = await people.peopleById(rows.map((r) => r.ownerId));
      return {
        items: rows.map(({ ownerId, ...row }) => ({ ...row, owner: persons.get(ownerId) ?? unknownPerson(ownerId) })),
      };
    },

    async hide(me, callId, hidden) {
      await staffOnly(me);
      const call = await repo.findCall(callId);
      if (!call) throw notFound();
      await auditions.setHidden(call.id, hidden, nowIso());
      return fresh(call.id, me);
    },

    async credits(viewer, userId) {
      const person = (await people.peopleById([userId])).get(userId);
      if (!person) throw new NotFoundError(M.memberNotFound);
      const shown = viewer === userId || (await auditions.showsCredits(userId));
      if (!shown) return { shown: false, items: [] };
      const rows = await auditions.creditsOf(userId);
      return { shown: true, items: rows.map((r) => ({ callId: r.callId, scriptTitle: r.scriptTitle, roleName: r.roleName, castAt: r.castAt ?? '' })) };
    },

    async settings(me) {
      return { showCredits: await auditions.showsCredits(me) };
    },

    async updateSettings(me, input) {
      await auditions.setShowCredits(me, input.showCredits);
      return { showCredits: input.showCredits };
    },
  };
}
