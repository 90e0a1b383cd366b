import type { Episode } from '@vox/contract';
import {
  advance,
  chapterAt,
  clampSpeed,
  clock,
  EMPTY_QUEUE,
  moveInQueue,
  playLast,
  playNext,
  playNow,
  removeFromQueue,
  resumeAt,
  shouldSave,
  skipTo,
  stepSpeed,
  toQueueItem,
  type QueueItem,
} from './queue';

const item = (id: string): QueueItem => ({ id, title: id, channelId: 'c', channelTitle: 'C', cover: null, audioUrl: `/a/${id}`, durationMs: 60_000, chapters: [], startMs: 0 });
const ids = (state: { current: QueueItem | null; queue: QueueItem[] }) => [state.current?.id ?? null, state.queue.map((q) => q.id)];

describe('the player queue', () => {
  it('plays now, next and last in the order a listener expects', () => {
    let state = playLast(EMPTY_QUEUE, item('a'));
    expect(ids(state)).toEqual(['a', []]);
    state = playLast(state, item('b'));
    state = playLast(state, item('c'));
    state = playNext(state, item('d'));
    expect(ids(state)).toEqual(['a', ['d', 'b', 'c']]);
    // Moving one already queued moves it, never doubles it.
    state = playNext(state, item('c'));
    expect(ids(state)).toEqual(['a', ['c', 'd', 'b']]);
    state = playLast(state, item('c'));
    expect(ids(state)).toEqual(['a', ['d', 'b', 'c']]);
    // The current episode is not queued behind itself.
    expect(playNext(state, item('a'))).toBe(state);
    state = playNow(state, item('b'));
    expect(ids(state)).toEqual(['b', ['d', 'c']]);
    state = advance(state);
    expect(ids(state)).toEqual(['d', ['c']]);
    state = removeFromQueue(state, 'c');
    expect(ids(advance(state))).toEqual([null, []]);
  });

  it('reorders the queue by keyboard steps, staying within it', () => {
    const state = { current: item('x'), queue: [item('a'), item('b'), item('c')] };
    expect(ids(moveInQueue(state, 'a', 1))).toEqual(['x', ['b', 'a', 'c']]);
    expect(ids(moveInQueue(state, 'a', -1))).toEqual(['x', ['a', 'b', 'c']]);
    expect(ids(moveInQueue(state, 'c', 5))).toEqual(['x', ['a', 'b', 'c']]);
    expect(moveInQueue(state, 'nope', 1)).toBe(state);
  });
});

describe('speed, skips and positions', () => {
  it('keeps the speed within 0.5x to 2x and steps through the list', () => {
    expect([clampSpeed(0.1), clampSpeed(3), clampSpeed(Number.NaN), clampSpeed(1.5)]).toEqual([0.5, 2, 1, 1.5]);
    expect([stepSpeed(1, 1), stepSpeed(1, -1), stepSpeed(2, 1), stepSpeed(0.5, -1), stepSpeed(1.1, 1)]).toEqual([1.25, 0.75, 2, 0.5, 1.5]);
  });

  it('skips back 15 and forward 30 within the episode', () => {
    expect([skipTo(10, -15, 100), skipTo(50, -15, 100), skipTo(80, 30, 100), skipTo(20, 30, Number.NaN)]).toEqual([0, 35, 100, 50]);
  });

  it('resumes where the listener stopped, except at the very end', () => {
    expect([resumeAt(12_345.6, 60_000), resumeAt(0, 60_000), resumeAt(56_000, 60_000), resumeAt(-3, 60_000)]).toEqual([12_345, 0, 0, 0]);
    expect(toQueueItem({ id: 'e', title: 'E', channelId: 'c', channelTitle: 'C', channelCover: null, audioUrl: '/a', durationMs: 60_000, chapters: [], positionMs: 30_000 } as unknown as Episode).startMs).toBe(30_000);
  });

  it('saves every 10 seconds of listening and after a jump back', () => {
    expect([shouldSave(null, 0), shouldSave(0, 9_999), shouldSave(0, 10_000), shouldSave(30_000, 20_000), shouldSave(30_000, 27_000)]).toEqual([true, false, true, true, false]);
  });

  it('finds the chapter playing and writes clock times', () => {
    const chapters = [
      { startTime: 0, title: 'One' },
      { startTime: 60, title: 'Two' },
      { startTime: 125.5, title: 'Three' },
    ];
    expect([chapterAt(chapters, 0), chapterAt(chapters, 59.9), chapterAt(chapters, 60), chapterAt(chapters, 4000), chapterAt([], 3)]).toEqual([0, 0, 1, 2, -1]);
    expect([clock(0), clock(65), clock(3725), clock(Number.NaN)]).toEqual(['0:00', '1:05', '1:02:05', '0:00']);
  });
});
