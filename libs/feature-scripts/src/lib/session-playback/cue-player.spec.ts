import { BED_DUCK, cueLevel, planCues, playableWindow, soundGainAt, type Cue } from '@vox/contract/audio';
import { cueActions, type CueAction } from './cue-player';

const sound = { id: 's', title: 'S', type: 'sfx' as const, fileUrl: '/api/sound-files/x', durationMs: 10_000, trimStartMs: 0, trimEndMs: null, fadeInMs: 0, fadeOutMs: 0, licence: 'cc0' as const, attribution: '' };
const cue = (id: string, lineId: string, at: Cue['at'], untilLineId: string | null = null, volume = 100): Cue => ({ id, lineId, at, untilLineId, volume, sound: { ...sound, id: `sound-${id}` } });
const lines = ['l0', 'l1', 'l2', 'l3', 'l4'];
const bed = cue('bed', 'l1', 'bed', 'l3', 40);
const sting = cue('sting', 'l2', 'end');
const knock = cue('knock', 'l0', 'start');
const plan = planCues(lines, [bed, sting, knock]);
const playing = (index: number) => ({ status: 'playing' as const, index });
const names = (actions: CueAction[]) => actions.map((a) => (a.kind === 'start' ? `start ${a.cue.id}@${lines[a.lineIndex]}` : a.kind === 'stop' ? `stop ${a.cueId}` : a.kind === 'duck' ? `duck ${a.ducked}` : a.kind));

describe('planCues', () => {
  it('puts start cues and beds at their line’s start, end cues at its end, a bed’s stop on its until line', () => {
    expect(plan.get('l0')).toEqual({ atStart: [knock], atEnd: [], stopAtStart: [] });
    expect(plan.get('l1')).toEqual({ atStart: [bed], atEnd: [], stopAtStart: [] });
    expect(plan.get('l2')).toEqual({ atStart: [], atEnd: [sting], stopAtStart: [] });
    expect(plan.get('l3')).toEqual({ atStart: [], atEnd: [], stopAtStart: [bed] });
  });
  it('leaves out cues on lines that are not read', () => {
    expect([...planCues(['l0'], [cue('x', 'gone', 'start')]).values()]).toEqual([{ atStart: [], atEnd: [], stopAtStart: [] }]);
  });
});

describe('cueActions: the cues follow the read line by line', () => {
  it('plays a whole read: start cue, bed under lines 1-2 ducked, sting after line 2, bed stops at line 3', () => {
    expect(names(cueActions({ status: 'idle', index: 0 }, playing(0), lines, plan))).toEqual(['stopAll', 'start knock@l0', 'duck true']);
    expect(names(cueActions(playing(0), playing(1), lines, plan))).toEqual(['start bed@l1', 'duck true']);
    expect(names(cueActions(playing(1), playing(2), lines, plan))).toEqual(['duck true']);
    expect(names(cueActions(playing(2), playing(3), lines, plan))).toEqual(['start sting@l2', 'stop bed', 'duck true']);
    expect(names(cueActions(playing(3), playing(4), lines, plan))).toEqual(['duck true']);
    expect(names(cueActions(playing(4), { status: 'idle', index: 4, ended: true }, lines, plan))).toEqual(['duck false']);
  });

  it('Stop on the last line stops the cues; only a read that runs to its end plays the last line’s end cues', () => {
    const last = lines.length - 1;
    const withOutro = planCues(lines, [bed, sting, knock, cue('outro', lines[last], 'end')]);
    expect(names(cueActions(playing(last), { status: 'idle', index: last }, lines, withOutro))).toEqual(['stopAll']);
    expect(names(cueActions(playing(last), { status: 'idle', index: last, ended: true }, lines, withOutro))).toEqual([`start outro@l${last}`, 'duck false']);
  });

  it('starts a bed the read begins under, pauses and resumes with the read, stops with it', () => {
    expect(names(cueActions({ status: 'idle', index: 0 }, playing(2), lines, plan))).toEqual(['stopAll', 'start bed@l1', 'duck true']);
    expect(names(cueActions(playing(2), { status: 'paused', index: 2 }, lines, plan))).toEqual(['pauseAll']);
    expect(names(cueActions({ status: 'paused', index: 2 }, playing(2), lines, plan))).toEqual(['resumeAll', 'duck true']);
    expect(names(cueActions(playing(2), { status: 'idle', index: 2 }, lines, plan))).toEqual(['stopAll']);
    expect(names(cueActions(playing(1), playing(4), lines, plan))).toEqual(['stopAll', 'duck true']);
  });
});

describe('trim, fades and ducking', () => {
  const shaped = { durationMs: 10_000, trimStartMs: 1000, trimEndMs: 9000, fadeInMs: 2000, fadeOutMs: 1000 };
  it('plays only the trimmed part, ramping in and out', () => {
    expect(playableWindow(shaped)).toEqual({ startMs: 1000, endMs: 9000 });
    expect(soundGainAt(shaped, 500)).toBe(0);
    expect(soundGainAt(shaped, 1000)).toBe(0);
    expect(soundGainAt(shaped, 2000)).toBe(0.5);
    expect(soundGainAt(shaped, 5000)).toBe(1);
    expect(soundGainAt(shaped, 8500)).toBe(0.5);
    expect(soundGainAt(shaped, 9000)).toBe(0);
    expect(soundGainAt({ ...shaped, trimEndMs: null, fadeInMs: 0, fadeOutMs: 0 }, 9999)).toBe(1);
  });
  it('ducks a bed under speech', () => {
    expect(cueLevel(40, 1, true)).toBeCloseTo(0.4 * BED_DUCK);
    expect(cueLevel(40, 1, false)).toBeCloseTo(0.4);
    expect(cueLevel(100, 0.5, false)).toBe(0.5);
  });
});
