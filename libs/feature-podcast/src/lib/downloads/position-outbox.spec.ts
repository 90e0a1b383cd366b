import { parseOutbox, pendingFor, queuePosition, settle, supersede, type PendingPosition } from './position-outbox';

const at = (episodeId: string, positionMs: number, time: number, userId = 'ana'): PendingPosition => ({ userId, episodeId, positionMs, at: time });

describe('the positions kept offline', () => {
  it('keeps one per member and episode, the last write winning', () => {
    let outbox = queuePosition([], at('ep1', 10_000, 1));
    outbox = queuePosition(outbox, at('ep2', 5_000, 2));
    outbox = queuePosition(outbox, at('ep1', 42_000, 3));
    outbox = queuePosition(outbox, at('ep1', 7_000, 4, 'bo'));
    expect(outbox).toEqual([at('ep2', 5_000, 2), at('ep1', 42_000, 3), at('ep1', 7_000, 4, 'bo')]);
  });

  it('an older position arriving late does not replace a newer one', () => {
    const outbox = queuePosition([at('ep1', 42_000, 5)], at('ep1', 10_000, 3));
    expect(outbox).toEqual([at('ep1', 42_000, 5)]);
  });

  it("sends only the member's own", () => {
    const outbox = [at('ep1', 1_000, 1), at('ep1', 2_000, 2, 'bo'), at('ep2', 3_000, 3)];
    expect(pendingFor(outbox, 'ana')).toEqual([at('ep1', 1_000, 1), at('ep2', 3_000, 3)]);
    expect(pendingFor(outbox, 'cy')).toEqual([]);
  });

  it('a sent position goes once, unless a newer one was kept while it was on its way', () => {
    const sent = at('ep1', 10_000, 1);
    expect(settle([sent, at('ep2', 1_000, 2)], sent)).toEqual([at('ep2', 1_000, 2)]);
    expect(settle([at('ep1', 20_000, 9)], sent)).toEqual([at('ep1', 20_000, 9)]);
  });

  it('a position saved online makes an older kept one for that episode out of date', () => {
    expect(supersede([at('ep1', 10_000, 1), at('ep2', 1_000, 1)], 'ana', 'ep1', 5)).toEqual([at('ep2', 1_000, 1)]);
    expect(supersede([at('ep1', 10_000, 9)], 'ana', 'ep1', 5)).toEqual([at('ep1', 10_000, 9)]);
  });

  it('reads what localStorage held, dropping anything malformed', () => {
    expect(parseOutbox(null)).toEqual([]);
    expect(parseOutbox('not json')).toEqual([]);
    expect(parseOutbox('{"a":1}')).toEqual([]);
    expect(parseOutbox(JSON.stringify([at('ep1', 1_000, 1), { userId: 'ana', episodeId: 'ep2', positionMs: 1.5, at: 1 }, null]))).toEqual([at('ep1', 1_000, 1)]);
  });
});
