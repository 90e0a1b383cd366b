import type { ScriptLine } from '@vox/contract';
import { buildPlaylist, takesByLine } from '../session-playback/playlist';
import type { AudioOutput } from '@vox/recording';
import { createSequencer, type PlaybackState } from '../session-playback/sequencer';
import { cuePlan, naturalPauseMs, planPlayback, silentLineNotice } from './playback-plan';

const line = (id: string, kind: ScriptLine['kind'], role: string | null, text: string): ScriptLine => ({ id, kind, role, parenthetical: null, text });

const LINES: ScriptLine[] = [
  line('l1', 'scene', null, 'INT. BUS - NIGHT'),
  line('l2', 'dialogue', 'MAYA', 'Is this the last bus?'),
  line('l3', 'dialogue', 'JACK', 'The very last one tonight, I am afraid, and it goes nowhere near the sea.'),
  line('l4', 'dialogue', 'MAYA', 'Then I will walk.'),
  line('l5', 'transition', null, 'CUT TO:'),
];

describe('the playback planner', () => {
  it('plans from the top, from here, my part only and a selection (in script order, clamped)', () => {
    expect(planPlayback(LINES, { kind: 'top' })).toEqual([0, 1, 2, 3, 4]);
    expect(planPlayback(LINES, { kind: 'here', from: 3 })).toEqual([3, 4]);
    expect(planPlayback(LINES, { kind: 'mine', role: 'MAYA' })).toEqual([1, 3]);
    expect(planPlayback(LINES, { kind: 'mine', role: null })).toEqual([]);
    expect(planPlayback(LINES, { kind: 'selection', from: 3, to: 1 })).toEqual([1, 2, 3]);
    expect(planPlayback(LINES, { kind: 'selection', from: -5, to: 99 })).toEqual([0, 1, 2, 3, 4]);
  });

  it('estimates a line’s natural length from its words (150 a minute), 1-20 s', () => {
    expect(naturalPauseMs('')).toBe(0);
    expect(naturalPauseMs('Then I will walk.')).toBe(2000);
    expect(naturalPauseMs(LINES[2].text)).toBe(6400);
    expect(naturalPauseMs('Hi')).toBe(1000);
    expect(naturalPauseMs('word '.repeat(200))).toBe(20_000);
  });

  it('cue me: my line from here and the line before it', () => {
    expect(cuePlan(LINES, 0, 'MAYA')).toEqual({ mine: 1, cue: 0 });
    expect(cuePlan(LINES, 2, 'MAYA')).toEqual({ mine: 3, cue: 2 });
    expect(cuePlan(LINES, 4, 'MAYA')).toBeNull();
    expect(cuePlan(LINES, 0, 'JACK')).toEqual({ mine: 2, cue: 1 });
    expect(cuePlan(LINES, 0, null)).toBeNull();
  });
});

describe('the sequencer follows a plan', () => {
  function setup() {
    const states: PlaybackState[] = [];
    const notices: string[] = [];
    const waits: number[] = [];
    const audio: AudioOutput = { play: async () => undefined, pause: () => undefined, stop: () => undefined };
    const sequencer = createSequencer({ audio, speech: null, onState: (s) => states.push(s), onNotice: (n) => notices.push(n), wait: async (ms) => void waits.push(ms), gapMs: 100 });
    sequencer.setPlaylist(buildPlaylist(LINES, takesByLine([])));
    return { sequencer, states, notices, waits };
  }
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  };

  it('plays only the planned lines; a silent line holds for its natural length, with its note', async () => {
    const { sequencer, states, notices, waits } = setup();
    sequencer.play(undefined, planPlayback(LINES, { kind: 'mine', role: 'MAYA' }));
    await settle();
    expect(states.map((s) => `${s.status}:${s.index}`)).toEqual(['playing:1', 'playing:3', 'idle:3']);
    expect(notices).toEqual([silentLineNotice(2, 2400), silentLineNotice(4, 2000)]);
    expect(waits).toEqual([2400, 100, 2000]);
  });

  it('play from the top starts at line 1 wherever the cursor is', async () => {
    const { sequencer, states } = setup();
    sequencer.play(3);
    sequencer.stop();
    states.length = 0;
    sequencer.play(undefined, planPlayback(LINES, { kind: 'top' }));
    await settle();
    expect(states[0]).toEqual({ status: 'playing', index: 0 });
    expect(states.at(-1)).toEqual({ status: 'idle', index: 4, ended: true });
  });
});
