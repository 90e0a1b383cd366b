import type { FastifyInstance } from 'fastify';
import { displayName, LIVE_MESSAGES, LIVE_TIMING, liveTexts } from '@vox/contract/schemas';
import { unknownPerson } from '../../repositories/people';
import type { BusMessage } from '../../plugins/app/live-bus';

/**
 * Every open reader hears of a change by its service: the live plugin wraps the writes of the
 * reading-sessions and scripts services (same object, so routes registered later call the
 * wrapped methods), publishing after each write succeeded. Nothing changes in what they answer.
 */
export function observeWrites(app: FastifyInstance, publish: (message: BusMessage) => Promise<void>) {
  const { readingSessions, scripts: scriptService, liveRepository: live, sessionsRepository: sessions, peopleRepository: people, scriptsRepository: scripts } = app;
  const changed = (sessionId: string, what: 'takes' | 'roles' | 'script', by: string | null, lineId: string | null = null) =>
    publish({ kind: 'event', sessionId, event: { type: 'changed', what, by, lineId } });
  const nameOf = async (userId: string) => displayName((await people.peopleById([userId])).get(userId) ?? unknownPerson(userId));

  const inner = { ...readingSessions };
  const innerScripts = { ...scriptService };

  readingSessions.claimRole = async (me, sessionId, role) => {
    const answer = await inner.claimRole(me, sessionId, role);
    await changed(sessionId, 'roles', me);
    await publish({ kind: 'presence', sessionId });
    return answer;
  };

  readingSessions.recordTake = async (me, sessionId, readUpload) => {
    const answer = await inner.recordTake(me, sessionId, readUpload);
    if (!answer.created) return answer;
    await changed(sessionId, 'takes', me, answer.take.lineId);
    const session = await live.findSessionOwner(sessionId);
    if (session && session.created_by && session.created_by !== me) {
      const ownerId = session.created_by;
      const [name, title, seat] = await Promise.all([nameOf(me), scripts.findScriptTitle(session.script_id), sessions.findParticipation(sessionId, me)]);
      const lines = await live.addToBurst({
        ownerId,
        sessionId,
        userId: me,
        lineId: answer.take.lineId,
        burstMs: LIVE_TIMING.burstMs,
        // No `text`: Messages words it from these fields with liveTexts (one sentence, one place).
        payload: (count) => ({ fromUserId: me, sessionId, scriptTitle: title ?? '', role: seat?.role ?? null, lines: count }),
      });
      await publish({ kind: 'event', sessionId, userId: ownerId, event: { type: 'notice', kind: 'recorded', text: liveTexts.recorded(name, title ?? '', lines), by: me } });
    }
    return answer;
  };

  readingSessions.deleteTake = async (me, sessionId, takeId) => {
    await inner.deleteTake(me, sessionId, takeId);
    await changed(sessionId, 'takes', me);
  };

  readingSessions.pickTake = async (me, sessionId, takeId) => {
    const take = await inner.pickTake(me, sessionId, takeId);
    await changed(sessionId, 'takes', me, take.lineId);
    return take;
  };

  readingSessions.joinByLink = async (me, linkId) => {
    const link = await app.shareLinksRepository.findActiveShareLink(linkId);
    const before = link ? await sessions.findParticipation(link.sessionId, me) : undefined;
    const answer = await inner.joinByLink(me, linkId);
    if (before) return answer;
    await live.recordAdmission({ sessionId: answer.id, userId: me, linkId });
    await changed(answer.id, 'roles', me);
    const [session, seat] = await Promise.all([live.findSessionOwner(answer.id), sessions.findParticipation(answer.id, me)]);
    if (session?.created_by && session.created_by !== me) {
      const [name, title] = await Promise.all([nameOf(me), scripts.findScriptTitle(session.script_id)]);
      const role = seat?.role ?? null;
      const text = liveTexts.joined(name, title ?? '', role);
      await app.notificationsRepository.createNotification({
        userId: session.created_by,
        type: 'read_joined',
        payload: { fromUserId: me, sessionId: answer.id, scriptTitle: title ?? '', role, lines: null },
      });
      await publish({ kind: 'event', sessionId: answer.id, userId: session.created_by, event: { type: 'notice', kind: 'joined', text, by: me } });
    }
    return answer;
  };

  readingSessions.revokeShareLink = async (me, linkId) => {
    await inner.revokeShareLink(me, linkId);
    const admitted = await live.admittedBy(linkId);
    if (!admitted) return;
    const session = await live.findSessionOwner(admitted.sessionId);
    const userIds = admitted.userIds.filter((id) => id !== session?.created_by);
    if (userIds.length > 0) await publish({ kind: 'revoke', sessionId: admitted.sessionId, userIds, message: LIVE_MESSAGES.linkRevoked });
  };

  scriptService.replace = async (me, scriptId, input) => {
    const script = await innerScripts.replace(me, scriptId, input);
    for (const sessionId of await live.sessionIdsOfScript(scriptId)) await changed(sessionId, 'script', me);
    return script;
  };
}
