import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlayerProvider, usePlayer } from './player';
import { STORE_KEY } from './player-context';
import type { QueueItem } from './queue';

// The engine is its own chunk, loaded on first use; this records when it loads. A
// module loads once per file, so the tests run in order: nothing loads it before the second.
// (A global count: the factory may run before this file's own variables exist.)
jest.mock('./player-engine', () => {
  (globalThis as { engineLoads?: number }).engineLoads = ((globalThis as { engineLoads?: number }).engineLoads ?? 0) + 1;
  return jest.requireActual('./player-engine');
});
const engineLoads = () => (globalThis as { engineLoads?: number }).engineLoads ?? 0;

const item = (id: string, over: Partial<QueueItem> = {}): QueueItem => ({
  id,
  title: `Episode ${id}`,
  channelId: 'c1',
  channelTitle: 'Night Shift Radio',
  cover: null,
  audioUrl: `/api/podcast/audio/${id}.mp3`,
  durationMs: 600_000,
  chapters: [],
  startMs: 0,
  ...over,
});

/** A page: what the player says, and buttons that ask it things. */
function Page() {
  const player = usePlayer();
  if (!player) return null;
  return (
    <div>
      <p data-testid="now">{player.state.current?.title ?? 'nothing'}</p>
      <p data-testid="next">{player.state.queue.map((q) => q.title).join(', ') || 'empty'}</p>
      <p data-testid="playing">{player.playing ? 'playing' : 'stopped'}</p>
      <button onClick={() => player.play(item('a'))}>Play A</button>
      <button
        onClick={() => {
          player.play(item('b'));
          player.playNext(item('c'));
          player.setSpeed(1.5);
        }}
      >
        Play B, then C, faster
      </button>
    </div>
  );
}

let playSpy: jest.SpyInstance;
const RealAudio = window.Audio;
let createdAudio: HTMLAudioElement[] = [];
beforeEach(() => {
  window.localStorage.clear();
  createdAudio = [];
  // Every element the player makes (jsdom's Audio with a record of it).
  window.Audio = function Audio(src?: string) {
    const element = new RealAudio(src);
    createdAudio.push(element);
    return element;
  } as unknown as typeof window.Audio;
  // jsdom does not play: a play is announced as a browser does, after the call returns.
  playSpy = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    queueMicrotask(() => this.dispatchEvent(new Event('play')));
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  window.Audio = RealAudio;
});

test('the first route renders without the engine; a stopped, empty player until something plays', async () => {
  render(
    <PlayerProvider>
      <Page />
    </PlayerProvider>,
  );
  expect(screen.getByTestId('now')).toHaveTextContent('nothing');
  expect(screen.getByTestId('playing')).toHaveTextContent('stopped');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(engineLoads()).toBe(0);
  expect(playSpy).not.toHaveBeenCalled();
});

test('a play asked before the engine is there loads it and plays that episode', async () => {
  render(
    <PlayerProvider>
      <Page />
    </PlayerProvider>,
  );
  expect(engineLoads()).toBe(0);
  await userEvent.click(screen.getByRole('button', { name: 'Play A' }));
  await waitFor(() => expect(screen.getByTestId('now')).toHaveTextContent('Episode a'));
  expect(engineLoads()).toBe(1);
  await waitFor(() => expect(screen.getByTestId('playing')).toHaveTextContent('playing'));
  const audio = playSpy.mock.contexts[0] as HTMLAudioElement;
  expect(audio.src).toMatch(/\/api\/podcast\/audio\/a\.mp3$/);
});

test('calls made before the engine came are done in order, on one element', async () => {
  render(
    <PlayerProvider>
      <Page />
    </PlayerProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Play B, then C, faster' }));
  await waitFor(() => expect(screen.getByTestId('now')).toHaveTextContent('Episode b'));
  expect(screen.getByTestId('next')).toHaveTextContent('Episode c');
  await waitFor(() => expect(JSON.parse(window.localStorage.getItem(STORE_KEY) ?? '{}').speed).toBe(1.5));
  // Then a play on the loaded engine uses the same element.
  await userEvent.click(screen.getByRole('button', { name: 'Play A' }));
  await waitFor(() => expect(screen.getByTestId('now')).toHaveTextContent('Episode a'));
  expect(new Set(playSpy.mock.contexts).size).toBe(1);
  expect(createdAudio).toHaveLength(1);
});

test('an episode kept from the last visit starts the engine at once, shown but not playing', async () => {
  window.localStorage.setItem(STORE_KEY, JSON.stringify({ state: { current: item('k', { title: 'Kept' }), queue: [] }, speed: 1, timeMs: 42_000 }));
  render(
    <PlayerProvider>
      <Page />
    </PlayerProvider>,
  );
  expect(screen.getByTestId('now')).toHaveTextContent('Kept');
  // The engine took the element and loaded the kept episode, without a play.
  await waitFor(() => expect(createdAudio).toHaveLength(1));
  await waitFor(() => expect(createdAudio[0].src).toMatch(/\/api\/podcast\/audio\/k\.mp3$/));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.getByTestId('playing')).toHaveTextContent('stopped');
  expect(playSpy).not.toHaveBeenCalled();
});
