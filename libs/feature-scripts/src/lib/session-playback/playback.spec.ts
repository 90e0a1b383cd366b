import type { ScriptLine, Take } from '@vox/contract';
import { buildPlaylist, takeForPlayback, takesByLine } from './playlist';
import { silentLineNotice } from '../session-live/playback-plan';
import { assignVoices, type AudioOutput, type SpeechOutput } from '@vox/recording';
import { createSequencer, type PlaybackState } from './sequencer';

const line = (id: string, kind: ScriptLine['kind'], role: string | null, text: string, parenthetical: string | null = null): ScriptLine => ({
  id,
  kind,
  role,
  parenthetical,
  text,
});

const LINES: ScriptLine[] = [
  line('l1', 'scene', null, 'INT. MORNING ROOM - DAY'),
  line('l2', 'action', null, 'Algernon is playing the piano.'),
  line('l3', 'dialogue', 'ALGERNON', 'Did you hear what I was playing, Lane?', '(turning)'),
  line('l4', 'dialogue', 'LANE', "I didn't think it polite to listen, sir."),
  line('l5', 'transition', null, 'CUT TO:'),
];

const take = (id: string, lineId: string, audio: string, picked: boolean, createdAt = '2026-11-21T10:00:00.000Z'): Take => ({
  id,
  lineId,
  userId: 'u1',
  clientId: `client-${id}`,
  audio: audio.repeat(64).slice(0, 64),
  contentType: 'audio/webm',
  byteSize: 100,
  durationMs: 1000,
  picked,
  createdAt,
});

describe('buildPlaylist', () => {
  it('keeps script order; a line with a take plays its pick from /api/audio/{hash}, the rest is spoken', () => {
    const takes = [take('t1', 'l3', 'a', false, '2026-11-21T10:00:00Z'), take('t2', 'l3', 'b', true, '2026-11-21T09:00:00Z')];
    const items = buildPlaylist(LINES, takesByLine(takes));
    expect(items.map((i) => i.lineId)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5']);
    expect(items[2].source).toEqual({ kind: 'take', src: `/api/audio/${'b'.repeat(64)}`, takeId: 't2' });
    expect(items.filter((i) => i.source.kind === 'speech').map((i) => i.lineId)).toEqual(['l1', 'l2', 'l4', 'l5']);
    // The parenthetical is a direction, not part of what is read.
    expect(items[2].text).toBe('Did you hear what I was playing, Lane?');
    expect(items[3]).toMatchObject({ role: 'LANE', lineKind: 'dialogue' });
  });

  it('without a pick the newest take plays; a take still waiting to upload plays from this browser', () => {
    const takes = [take('old', 'l3', 'a', false, '2026-11-21T09:00:00Z'), take('new', 'l3', 'c', false, '2026-11-21T11:00:00Z')];
    expect(takeForPlayback(takes)?.id).toBe('new');
    expect(takeForPlayback([])).toBeNull();
    const items = buildPlaylist(LINES, takesByLine(takes), new Map([['l4', 'blob:local-1'], ['l3', 'blob:ignored']]));
    expect(items[2].source).toMatchObject({ kind: 'take', takeId: 'new' });
    expect(items[3].source).toEqual({ kind: 'take', src: 'blob:local-1', takeId: 'local:l4' });
  });
});

/** Audio and speech that finish when the spec says so, recording what they were asked. */
function fakeOutputs({ speechAvailable = true } = {}) {
  const log: string[] = [];
  let finishAudio: ((ok: boolean) => void) | null = null;
  let finishSpeech: (() => void) | null = null;
  const audio: AudioOutput = {
    play: (src, resume) =>
      new Promise<void>((resolve, reject) => {
        log.push(`${resume ? 'resume' : 'play'} ${src}`);
        finishAudio = (ok) => (ok ? resolve() : reject(new Error('decode')));
      }),
    pause: () => {
      log.push('pause audio');
      finishAudio?.(true);
    },
    stop: () => {
      finishAudio?.(true);
      finishAudio = null;
    },
  };
  const speech: SpeechOutput = {
    speak: (text, role) =>
      new Promise((resolve) => {
        log.push(`speak ${role ?? 'narrator'}: ${text}`);
        if (!speechAvailable) resolve('unavailable');
        else finishSpeech = () => resolve('spoken');
      }),
    cancel: () => {
      finishSpeech?.();
      finishSpeech = null;
    },
  };
  return {
    audio,
    speech,
    log,
    endAudio: async (ok = true) => {
      const f = finishAudio;
      finishAudio = null;
      f?.(ok);
      await settle();
    },
    endSpeech: async () => {
      const f = finishSpeech;
      finishSpeech = null;
      f?.();
      await settle();
    },
  };
}

/** Lets every promise chain the sequencer started run to its next real wait. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup({ speechAvailable = true, withSpeech = true, takes = [take('t3', 'l3', 'a', true)] } = {}) {
  const outputs = fakeOutputs({ speechAvailable });
  const states: PlaybackState[] = [];
  const notices: string[] = [];
  const waits: number[] = [];
  const sequencer = createSequencer({
    audio: outputs.audio,
    speech: withSpeech ? outputs.speech : null,
    onState: (s) => states.push(s),
    onNotice: (n) => notices.push(n),
    wait: async (ms) => {
      waits.push(ms);
    },
    gapMs: 100,
    // Each silent line holds the read for its natural length; 700 ms per line keeps this spec simple.
    pauseFor: () => 700,
  });
  sequencer.setPlaylist(buildPlaylist(LINES, takesByLine(takes)));
  const at = () => sequencer.getState();
  return { ...outputs, sequencer, states, notices, waits, at };
}

const A = `/api/audio/${'a'.repeat(64)}`;

describe('table-read sequencing', () => {
  it('plays every line in order: takes on the audio element, other lines spoken in their role voice, then stops', async () => {
    const { sequencer, log, endAudio, endSpeech, at, states } = setup();
    sequencer.play();
    expect(at()).toEqual({ status: 'playing', index: 0 });
    await endSpeech();
    expect(at().index).toBe(1);
    await endSpeech();
    expect(at().index).toBe(2);
    await endAudio();
    await endSpeech();
    await endSpeech();
    expect(log).toEqual([
      'speak narrator: INT. MORNING ROOM - DAY',
      'speak narrator: Algernon is playing the piano.',
      `play ${A}`,
      "speak LANE: I didn't think it polite to listen, sir.",
      'speak narrator: CUT TO:',
    ]);
    expect(at()).toEqual({ status: 'idle', index: 4, ended: true });
    expect(states.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 4]);
  });

  it('plays from the line asked', async () => {
    const { sequencer, log } = setup();
    sequencer.play(2);
    expect(log).toEqual([`play ${A}`]);
  });

  it('pause keeps the take where it is and Play continues it; Stop stays on the line', async () => {
    const { sequencer, log, endAudio, at } = setup();
    sequencer.play(2);
    sequencer.pause();
    await settle();
    expect(at()).toEqual({ status: 'paused', index: 2 });
    sequencer.play();
    expect(log).toEqual([`play ${A}`, 'pause audio', `resume ${A}`]);
    await endAudio();
    expect(at()).toEqual({ status: 'playing', index: 3 });
    sequencer.stop();
    await settle();
    expect(at()).toEqual({ status: 'idle', index: 3 });
    // The stopped run does not carry on.
    expect(log).toHaveLength(4);
  });

  it('a spoken line paused starts again on Play', async () => {
    const { sequencer, log } = setup();
    sequencer.play(3);
    sequencer.pause();
    await settle();
    sequencer.play();
    await settle();
    expect(log.filter((l) => l.startsWith('speak LANE'))).toHaveLength(2);
  });

  it('a take that cannot be played is read aloud instead', async () => {
    const { sequencer, log, endAudio } = setup();
    sequencer.play(2);
    await endAudio(false);
    expect(log).toEqual([`play ${A}`, 'speak ALGERNON: Did you hear what I was playing, Lane?']);
  });

  it('without speech synthesis, each line without a take is a silent pause of its length, with a note saying so', async () => {
    const { sequencer, log, notices, waits, endAudio, at } = setup({ withSpeech: false });
    sequencer.play();
    await settle();
    expect(at().index).toBe(2);
    await endAudio();
    await settle();
    expect(log).toEqual([`play ${A}`]);
    expect(notices).toEqual([1, 2, 4, 5].map((n) => silentLineNotice(n, 700)));
    expect(notices[0]).toBe('Line 1 has no take and no voice can read it here, so the read pauses for its length (about 1 s).');
    expect(waits.filter((w) => w === 700)).toHaveLength(4);
    expect(at()).toEqual({ status: 'idle', index: 4, ended: true });
  });

  it('speech that turns out unavailable is given up after the first try', async () => {
    const { sequencer, log, notices } = setup({ speechAvailable: false });
    sequencer.play(3);
    await settle();
    expect(log).toEqual(["speak LANE: I didn't think it polite to listen, sir."]);
    // Given up after line 4's failed try: line 4 and line 5 are silent pauses.
    expect(notices).toEqual([silentLineNotice(4, 700), silentLineNotice(5, 700)]);
  });

  it('preview plays one take alone and ends the table read', async () => {
    const { sequencer, log, at } = setup();
    sequencer.play(0);
    void sequencer.preview('/api/audio/x');
    await settle();
    expect(at().status).toBe('idle');
    expect(log).toEqual(['speak narrator: INT. MORNING ROOM - DAY', 'play /api/audio/x']);
  });
});

describe('assignVoices', () => {
  const voice = (name: string, lang: string, localService = true) => ({ name, lang, localService, default: false });

  it("gives the narration and each role their own voice in the script's language", () => {
    const voices = [voice('Anna', 'de-DE'), voice('Alex', 'en-US'), voice('Daniel', 'en-GB'), voice('Karen', 'en_AU'), voice('Remote', 'en-US', false)];
    const { narration, roles } = assignVoices(['ALGERNON', 'LANE', 'JACK'], voices, 'en');
    expect(narration.voice?.name).toBe('Alex');
    expect(roles.get('ALGERNON')?.voice?.name).toBe('Daniel');
    expect(roles.get('LANE')?.voice?.name).toBe('Karen');
    expect(roles.get('JACK')?.voice?.name).toBe('Remote');
  });

  it('with fewer voices than roles, roles sharing a voice get another pitch', () => {
    const { narration, roles } = assignVoices(['A', 'B', 'C'], [voice('Alex', 'en-US'), voice('Daniel', 'en-GB')], 'en-US');
    const all = [narration, roles.get('A'), roles.get('B'), roles.get('C')].map((c) => `${c?.voice?.name}@${c?.pitch}`);
    expect(new Set(all).size).toBe(4);
  });

  it('without voices in the language, any voice; without any, the default voice with distinct pitches', () => {
    expect(assignVoices(['A'], [voice('Anna', 'de-DE')], 'fr').roles.get('A')?.voice?.name).toBe('Anna');
    const none = assignVoices(['A', 'B'], [], 'en');
    expect(none.narration.voice).toBeNull();
    expect(new Set([none.narration.pitch, none.roles.get('A')?.pitch, none.roles.get('B')?.pitch]).size).toBe(3);
  });
});
