import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseFile } from 'music-metadata';
import { buildChapters, vttTime } from '../../src/services/read-renders/transcript';
import { cueFilter, ffmpegPath } from '../../src/services/read-renders/ffmpeg';
import { renderRead } from '../../src/services/read-renders/read-renderer';
import { RenderError, RENDER_TEXTS, type RenderInput, type RenderLine } from '../../src/services/read-renders/render-types';
import { voiceFor } from '../../src/services/read-renders/speech';
import { toneFile } from '../fixtures/podcast-audio';

/**
 * The read renderer with the real ffmpeg (and, once, the real eSpeak NG) on small generated
 * audio: the timeline, gaps, cues with trim and fades, loudness and the MP3's duration.
 */

const objects = new Map<string, Buffer>();
const open = async (key: string) => (objects.has(key) ? Readable.from([objects.get(key) as Buffer]) : undefined);
let work: string;

beforeAll(() => {
  objects.set('audio/one', toneFile(1, 'wav', 440));
  objects.set('audio/two', toneFile(1.5, 'mp3', 660));
  objects.set('sounds/bell', toneFile(2, 'wav', 1000));
  objects.set('audio/broken', Buffer.from('this is not audio at all, just some text bytes'));
});
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-render-test-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const lines = (over: Partial<Record<string, Partial<RenderLine>>> = {}): RenderLine[] =>
  [
    { id: 's1', kind: 'scene', role: null, text: 'INT. BUS - NIGHT', takeKey: null, actor: null },
    { id: 'l1', kind: 'dialogue', role: 'MAYA', text: 'Is this the last bus?', takeKey: 'audio/one', actor: 'Grace Hopper' },
    { id: 'l2', kind: 'dialogue', role: 'TOM', text: 'It always is.', takeKey: null, actor: null },
    { id: 'l3', kind: 'dialogue', role: 'TOM', text: 'Sit down.', takeKey: 'audio/two', actor: 'Ada Lovelace' },
  ].map((l) => ({ ...l, ...(over[l.id] ?? {}) })) as RenderLine[];

const input = (over: Partial<RenderInput> = {}): RenderInput => ({ title: 'The Last Bus', language: 'en-GB', lines: lines(), cues: [], fill: 'skip', ...over });

/** Mean absolute level (0 to 1) of the file between two times, decoded to 8 kHz mono. */
function level(file: string, fromMs: number, toMs: number): number {
  const pcm = execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-i', file, '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], { maxBuffer: 64 << 20 });
  let sum = 0;
  const a = Math.floor((fromMs / 1000) * 8000);
  const b = Math.floor((toMs / 1000) * 8000);
  for (let i = a; i < b; i++) sum += Math.abs(pcm.readInt16LE(i * 2)) / 32768;
  return sum / (b - a);
}

describe('read renderer', () => {
  it('joins the picked takes in script order with gaps, and the MP3 is as long as the timeline', async () => {
    const progress: number[] = [];
    const result = await renderRead(input(), { open, workDir: work, progress: (f) => void progress.push(f) });
    // 300 ms lead, 1 s take, 400 ms gap, 1.5 s take, 500 ms tail.
    expect(result.durationMs).toBeGreaterThanOrEqual(3690);
    expect(result.durationMs).toBeLessThanOrEqual(3710);
    expect(result.segments.map((s) => [s.lineId, s.source, Math.round(s.startMs), Math.round(s.endMs)])).toEqual([
      ['l1', 'take', 300, 1300],
      ['l3', 'take', 1700, 3200],
    ]);
    const meta = await parseFile(result.file, { duration: true });
    expect(meta.format.codec).toMatch(/MPEG 1 Layer 3|MP3/i);
    expect(Math.abs((meta.format.duration ?? 0) * 1000 - result.durationMs)).toBeLessThan(80);
    // Sound where the takes are, silence in the gap between them.
    expect(level(result.file, 400, 1200)).toBeGreaterThan(0.05);
    expect(level(result.file, 1350, 1650)).toBeLessThan(0.005);
    expect(level(result.file, 1800, 3100)).toBeGreaterThan(0.05);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('normalises loudness to about -16 LUFS', async () => {
    // A take at about -33 dBFS (a quiet microphone).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-quiet-'));
    const q = path.join(dir, 'q.wav');
    execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=4', '-af', 'volume=-30dB', '-ar', '22050', q]);
    objects.set('audio/quiet', fs.readFileSync(q));
    fs.rmSync(dir, { recursive: true, force: true });
    const result = await renderRead(input({ lines: [{ id: 'x', kind: 'dialogue', role: 'MAYA', text: 'Hello', takeKey: 'audio/quiet', actor: 'Grace' }] }), { open, workDir: work });
    const measured = Number(/I:\s+(-?[\d.]+) LUFS/.exec(ebur(result.file))?.[1]);
    expect(measured).toBeGreaterThan(-17.5);
    expect(measured).toBeLessThan(-14.5);
  });

  it('brings speech to about -16 LUFS too: a read of synthesized lines, as an episode would be', async () => {
    // Speech has pauses and a wide range, unlike a tone: what podcast apps actually get.
    const spoken = ['It is late, and the last bus has gone.', 'Then we walk. The river path is lit all the way.', 'Not in this rain. Sit down and wait with me.', 'Fine. But if it comes, you pay.'];
    const result = await renderRead(
      input({ fill: 'speech', lines: spoken.map((text, i) => ({ id: `q${i}`, kind: 'dialogue', role: i % 2 ? 'TOM' : 'MAYA', text, takeKey: null, actor: null })) }),
      { open, workDir: work },
    );
    expect(result.synthesizedLines).toBe(4);
    expect(result.durationMs).toBeGreaterThan(6000);
    const measured = Number(/I:\s+(-?[\d.]+) LUFS/.exec(ebur(result.file))?.[1]);
    expect(measured).toBeGreaterThan(-17.5);
    expect(measured).toBeLessThan(-14.5);
  }, 60_000);

  it('names role and actor in the transcript and makes chapters from the scenes', async () => {
    const result = await renderRead(input(), { open, workDir: work });
    expect(result.transcript).toBe(
      'WEBVTT\n\n1\n00:00:00.300 --> 00:00:01.300\n<v MAYA (Grace Hopper)>Is this the last bus?</v>\n\n2\n00:00:01.700 --> 00:00:03.200\n<v TOM (Ada Lovelace)>Sit down.</v>\n',
    );
    expect(result.chapters).toEqual([{ startTime: 0, title: 'INT. BUS - NIGHT' }]);
    expect(result.cast).toEqual([
      { role: 'MAYA', actors: ['Grace Hopper'] },
      { role: 'TOM', actors: ['Ada Lovelace'] },
    ]);
    expect(result.synthesizedLines).toBe(0);
  });

  it('fills lines without a take with eSpeak NG when asked', async () => {
    const result = await renderRead(input({ fill: 'speech' }), { open, workDir: work });
    expect(result.segments.map((s) => [s.lineId, s.source])).toEqual([
      ['s1', 'speech'],
      ['l1', 'take'],
      ['l2', 'speech'],
      ['l3', 'take'],
    ]);
    const tom = result.segments[2];
    expect(tom.endMs - tom.startMs).toBeGreaterThan(400);
    expect(level(result.file, tom.startMs + 50, tom.endMs - 50)).toBeGreaterThan(0.01);
    expect(result.transcript).toContain('<v Narrator (synthesized voice)>INT. BUS - NIGHT</v>');
    expect(result.transcript).toContain('<v TOM (synthesized voice)>It always is.</v>');
    expect(result.synthesizedLines).toBe(2);
    const meta = await parseFile(result.file, { duration: true });
    expect(Math.abs((meta.format.duration ?? 0) * 1000 - result.durationMs)).toBeLessThan(80);
  }, 60_000);

  it('mixes a cue at the end of a line into the gap, trimmed and faded', async () => {
    const sound = { key: 'sounds/bell', durationMs: 2000, trimStartMs: 500, trimEndMs: 800, fadeInMs: 0, fadeOutMs: 100 };
    const plain = await renderRead(input(), { open, workDir: path.join(work, 'a') });
    const cued = await renderRead(input({ cues: [{ lineId: 'l1', at: 'end', untilLineId: null, volume: 80, sound }] }), { open, workDir: path.join(work, 'b') });
    expect(cued.durationMs).toBe(plain.durationMs);
    // The 300 ms trimmed sound plays from the end of line 1 (1.3 s) into the gap.
    expect(level(plain.file, 1350, 1550)).toBeLessThan(0.005);
    expect(level(cued.file, 1350, 1550)).toBeGreaterThan(0.02);
    // Trimmed at 800 ms: nothing after 1.6 s in the gap.
    expect(level(cued.file, 1620, 1690)).toBeLessThan(0.005);
  });

  it('writes trim, fades, volume and ducking into the cue filter', () => {
    const filter = cueFilter(
      1,
      { lineId: 'l1', at: 'bed', untilLineId: null, volume: 50, sound: { key: 'k', durationMs: 4000, trimStartMs: 250, trimEndMs: 3250, fadeInMs: 500, fadeOutMs: 1000 } },
      1000,
      10_000,
      [
        [1000, 2000],
        [2400, 3000],
        [9000, 9500],
      ],
      441_000,
      'c1',
    );
    expect(filter).toBe(
      "[1:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=mono,atrim=start=0.250:end=3.250,asetpts=PTS-STARTPTS,afade=t=in:st=0:d=0.500,afade=t=out:st=2.000:d=1.000,atrim=duration=3.000,adelay=1000,volume='0.5*if(between(t,1.000,2.000)+between(t,2.400,3.000),0.3,1)':eval=frame,apad=whole_len=441000,atrim=end_sample=441000[c1]",
    );
  });

  it('refuses with a clear text when there is nothing to render or a take is missing or broken', async () => {
    const none = lines({ l1: { takeKey: null }, l3: { takeKey: null } });
    await expect(renderRead(input({ lines: none }), { open, workDir: work })).rejects.toEqual(new RenderError(RENDER_TEXTS.nothingToRender));
    await expect(renderRead(input({ lines: lines({ l3: { takeKey: 'audio/gone' } }) }), { open, workDir: work })).rejects.toEqual(new RenderError(RENDER_TEXTS.takeMissing(4)));
    await expect(renderRead(input({ lines: lines({ l1: { takeKey: 'audio/broken' } }) }), { open, workDir: work })).rejects.toEqual(new RenderError(RENDER_TEXTS.takeUnreadable(2)));
    const failing = async () => {
      throw new Error('boom');
    };
    await expect(renderRead(input({ fill: 'speech' }), { open, workDir: work, synthesize: failing })).rejects.toEqual(new RenderError(RENDER_TEXTS.speechFailed));
  });

  it('helpers: VTT times, voices per role, chapters from 0', () => {
    expect(vttTime(3_723_004)).toBe('01:02:03.004');
    expect(voiceFor('en-GB', 'MAYA', ['MAYA', 'TOM'])).toBe('en+m3');
    expect(voiceFor('de', 'TOM', ['MAYA', 'TOM'])).toBe('de+f2');
    expect(voiceFor('', null, [])).toBe('en+m7');
    const ls = lines();
    expect(buildChapters(ls, new Map([['s1', 5000]]), 'The Last Bus')).toEqual([
      { startTime: 0, title: 'The Last Bus' },
      { startTime: 5, title: 'INT. BUS - NIGHT' },
    ]);
  });
});

/** The EBU R128 summary of ffmpeg's meter (integrated loudness "I: … LUFS"). */
function ebur(file: string): string {
  const r = spawnSync(ffmpegPath, ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128', '-f', 'null', '-'], { encoding: 'utf8' });
  return String(r.stderr).split('Summary:').pop() ?? '';
}
