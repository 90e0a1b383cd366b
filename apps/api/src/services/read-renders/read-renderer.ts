import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { BED_DUCK, playableWindow, type CuePlace, type PlayableSound } from '@vox/contract/audio';

/**
 * The read renderer: one module that turns a table read into
 * one audio file, for "Publish as episode" and "Download the read" alike.
 *
 * 1. Every line in script order gets its sound: the picked take (decoded by ffmpeg), or, when
 *    the line has none, a synthesized voice (eSpeak NG compiled to WebAssembly, run in a child
 *    process) or nothing (the publisher's choice).
 * 2. The speech track is written as 44.1 kHz mono PCM with short natural gaps between lines (a
 *    longer one at a scene change), so every line's start and end time is known to the sample.
 * 3. The script's audio cues (start, end, beds with their "until" line) are laid on that
 *    timeline by ffmpeg: each sound trimmed and faded as its owner set (the same rules as the
 *    table read, `soundGainAt`), at its volume, beds ducked to BED_DUCK under speech.
 * 4. ffmpeg's loudnorm brings the mix to about -16 LUFS (the podcast norm), then libmp3lame
 *    encodes MP3 (what every podcast app plays).
 * 5. Chapters come from the scene headings, a WebVTT transcript names each line's role and
 *    actor, and the cast list is returned for show notes.
 */

/** The rate of the speech track and the output. */
export const RENDER_SAMPLE_RATE = 44_100;
/** Silence between two lines, and before a scene heading (ms). */
export const LINE_GAP_MS = 400;
export const SCENE_GAP_MS = 900;
/** Target loudness (integrated, LUFS) and true peak (dBTP): the podcast norm. */
export const TARGET_LUFS = -16;
export const TARGET_TRUE_PEAK = -1.5;

export type FillMode = 'speech' | 'skip';

export interface RenderLine {
  id: string;
  kind: 'scene' | 'action' | 'dialogue' | 'transition';
  /** The role of a dialogue line; null for narration. */
  role: string | null;
  text: string;
  /** The picked take's storage key (`audio/<sha256>`), or null. */
  takeKey: string | null;
  /** Who read it (the take's recorder), for the transcript. */
  actor: string | null;
}

export interface RenderCue {
  lineId: string;
  at: CuePlace;
  untilLineId: string | null;
  /** 0 to 100. */
  volume: number;
  sound: PlayableSound & { key: string };
}

export interface RenderInput {
  title: string;
  /** The script's language (BCP 47), for the synthesized voice. */
  language: string;
  lines: RenderLine[];
  cues: RenderCue[];
  fill: FillMode;
}

export interface RenderedSegment {
  lineId: string;
  role: string | null;
  actor: string | null;
  text: string;
  source: 'take' | 'speech';
  startMs: number;
  endMs: number;
}

export interface RenderResult {
  /** The MP3, in the work directory (the caller moves it into storage). */
  file: string;
  contentType: 'audio/mpeg';
  /** The speech track's exact length (the MP3's is the same within one frame). */
  durationMs: number;
  segments: RenderedSegment[];
  chapters: Array<{ startTime: number; title: string }>;
  /** WebVTT with `<v Speaker>` voice spans. */
  transcript: string;
  /** Each role once, with who read it (null when every line of it was synthesized). */
  cast: Array<{ role: string; actors: string[] }>;
  synthesizedLines: number;
}

/**
 * A failure whose message the member may read as it is, final at once (retrying cannot change
 * it). `cause`, when set, is the server's own error behind it, for the log.
 */
export class RenderError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'RenderError';
  }
}

export const RENDER_TEXTS = {
  nothingToRender: 'There is nothing to render: no line has a picked take yet. Record a take, or let a synthesized voice read the lines without one.',
  takeUnreadable: (n: number) => `The take of line ${n} could not be decoded. Record it again or pick another take, then try once more.`,
  takeMissing: (n: number) => `The recording of line ${n}'s take is missing from the storage. Record it again, then try once more.`,
  soundUnreadable: (title: string) => `The cue sound "${title}" could not be decoded. Remove the cue or replace the sound, then try once more.`,
  speechFailed: 'The speech synthesizer failed on our side, so the lines without a take could not be read. Choose "Leave them out" to render the takes alone; the error is logged for the site’s team.',
} as const;

export interface RenderEnv {
  /** Opens a stored object (a take or a cue's sound). */
  open(key: string): Promise<Readable | undefined>;
  /** A scratch directory of the caller's; the renderer writes only inside it. */
  workDir: string;
  /** 0 to 1. */
  progress?(fraction: number): Promise<void> | void;
  /** Tests shorten the synthesizer step or make it fail. */
  synthesize?: Synthesizer;
}

export type Synthesizer = (items: Array<{ text: string; voice: string; out: string }>, onDone: () => void) => Promise<void>;

export const ffmpegPath: string = ffmpegInstaller.path;

const BYTES_PER_SAMPLE = 2;
const msToBytes = (ms: number) => Math.round((ms / 1000) * RENDER_SAMPLE_RATE) * BYTES_PER_SAMPLE;
const bytesToMs = (bytes: number) => (bytes / BYTES_PER_SAMPLE / RENDER_SAMPLE_RATE) * 1000;

/** Runs ffmpeg; rejects with its last lines of stderr. `onProgress` gets out_time in ms. */
export function runFfmpeg(args: string[], onProgress?: (ms: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-y', ...(onProgress ? ['-progress', 'pipe:1', '-nostats'] : []), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_ms=(\d+)/.exec(line);
        if (m && onProgress) onProgress(Number(m[1]) / 1000);
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stderr) : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ').slice(0, 400)}`))));
  });
}

/** Decodes any audio file to the speech track's PCM (44.1 kHz mono s16le); answers its byte count. */
async function decodeToPcm(input: string, out: string): Promise<number> {
  await runFfmpeg(['-i', input, '-vn', '-ac', '1', '-ar', String(RENDER_SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', out]);
  return (await fs.promises.stat(out)).size;
}

/**
 * eSpeak NG voices: the script's language (its primary subtag; eSpeak knows `en`, `de`, `fr`, …)
 * with a different variant per role, so two synthesized characters do not sound alike.
 */
const VARIANTS = ['m3', 'f2', 'm1', 'f4', 'm5', 'f1', 'm2', 'f3', 'm4', 'f5'];
export function voiceFor(language: string, role: string | null, roles: string[]): string {
  const lang = (language || 'en').toLowerCase().split('-')[0].replace(/[^a-z]/g, '') || 'en';
  if (role === null) return `${lang}+m7`;
  const i = Math.max(0, roles.indexOf(role));
  return `${lang}+${VARIANTS[i % VARIANTS.length]}`;
}

/**
 * The synthesizer child: eSpeak NG (WebAssembly, from the npm package `espeak-ng`, nothing
 * downloaded at run time) in its own Node process, so 20 MB of WebAssembly memory and its CPU
 * stay off the server's event loop. The module is an ES module using import.meta, so the child
 * imports it by path; the WebAssembly is compiled once and instantiated per line. A voice eSpeak
 * does not know falls back to English.
 *
 * The child finds the package itself, by Node's own resolution from its working directory, which
 * the parent sets to this module's directory (the source folder, or dist/apps/api when bundled):
 * no path is computed by the bundler, so the built server resolves it as the source does.
 */
const SPEECH_CHILD = `
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
const { default: ESpeakNg } = await import('espeak-ng');
const wasm = await WebAssembly.compile(fs.readFileSync(fileURLToPath(new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng')))));
const items = JSON.parse(fs.readFileSync(0, 'utf8'));
async function speak(text, voice) {
  const es = await ESpeakNg({
    arguments: ['-w', '/out.wav', '-v', voice, '-s', '160', '-f', '/in.txt'],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    instantiateWasm(imports, ok) { WebAssembly.instantiate(wasm, imports).then((i) => ok(i, wasm)); return {}; },
    print() {}, printErr() {},
  });
  try { return es.FS.readFile('/out.wav'); } catch { return undefined; }
}
for (const item of items) {
  const wav = (await speak(item.text, item.voice)) ?? (await speak(item.text, 'en'));
  if (!wav) throw new Error('espeak-ng produced no audio');
  fs.writeFileSync(item.out, wav);
  process.stdout.write('done\\n');
}
`;

export const espeakSynthesizer: Synthesizer = (items, onDone) =>
  new Promise((resolve, reject) => {
    if (!items.length) return resolve();
    const child = spawn(process.execPath, ['--input-type=module', '-e', SPEECH_CHILD], {
      cwd: __dirname,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      for (const _ of d.toString().match(/done\n/g) ?? []) onDone();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`speech synthesizer exited with ${code}: ${stderr.trim().slice(-300)}`))));
    child.stdin.end(JSON.stringify(items));
  });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

/** A WebVTT voice name: no `>` or line breaks, and `&`/`<` escaped. */
const vttText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s*\n\s*/g, ' ');

export function speakerOf(segment: Pick<RenderedSegment, 'role' | 'actor' | 'source'>): string {
  const who = segment.source === 'take' ? segment.actor : 'synthesized voice';
  const role = segment.role ?? 'Narrator';
  return who ? `${role} (${who})` : role;
}

export function buildTranscript(segments: RenderedSegment[]): string {
  const cues = segments.map((s, i) => `${i + 1}\n${vttTime(s.startMs)} --> ${vttTime(s.endMs)}\n<v ${vttText(speakerOf(s))}>${vttText(s.text)}</v>`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Chapters at each scene heading's place in the render (a heading left out still marks where its
 * scene begins). The first chapter starts at 0: when something precedes the first heading, a
 * chapter named after the script covers it.
 */
export function buildChapters(lines: RenderLine[], startOf: Map<string, number>, title: string): Array<{ startTime: number; title: string }> {
  const chapters: Array<{ startTime: number; title: string }> = [];
  for (const line of lines) {
    if (line.kind !== 'scene' || !line.text.trim()) continue;
    const at = startOf.get(line.id);
    if (at === undefined) continue;
    const startTime = Math.round(at) / 1000;
    if (chapters.length && chapters[chapters.length - 1].startTime >= startTime) chapters[chapters.length - 1].title = line.text.trim();
    else chapters.push({ startTime, title: line.text.trim() });
  }
  if (chapters.length && chapters[0].startTime > 0) {
    if (chapters[0].startTime < 1) chapters[0].startTime = 0;
    else chapters.unshift({ startTime: 0, title: title.trim() || 'Opening' });
  }
  return chapters;
}

async function fetchObject(env: RenderEnv, key: string, out: string): Promise<boolean> {
  const body = await env.open(key);
  if (!body) return false;
  await pipeline(body, fs.createWriteStream(out));
  return true;
}

/** ffmpeg's filter for one cue: trim, fades, volume (beds ducked under speech), placed at `atMs`. */
export function cueFilter(input: number, cue: RenderCue, atMs: number, playMs: number, speech: Array<[number, number]>, totalSamples: number, label: string): string {
  const { startMs, endMs } = playableWindow(cue.sound);
  const s = (ms: number) => (ms / 1000).toFixed(3);
  const length = Math.max(0, Math.min(endMs - startMs, playMs));
  const parts = [`[${input}:a]aresample=${RENDER_SAMPLE_RATE}`, 'aformat=sample_fmts=fltp:channel_layouts=mono', `atrim=start=${s(startMs)}:end=${s(endMs)}`, 'asetpts=PTS-STARTPTS'];
  // soundGainAt: linear ramps from the trim start and to the trim end (file time).
  if (cue.sound.fadeInMs > 0) parts.push(`afade=t=in:st=0:d=${s(Math.min(cue.sound.fadeInMs, endMs - startMs))}`);
  if (cue.sound.fadeOutMs > 0) parts.push(`afade=t=out:st=${s(Math.max(0, endMs - startMs - cue.sound.fadeOutMs))}:d=${s(Math.min(cue.sound.fadeOutMs, endMs - startMs))}`);
  parts.push(`atrim=duration=${s(length)}`);
  parts.push(`adelay=${Math.round(atMs)}`);
  const level = Math.max(0, Math.min(1, cue.volume / 100));
  if (cue.at === 'bed') {
    const end = atMs + length;
    const under = speech.filter(([a, b]) => b > atMs && a < end).map(([a, b]) => `between(t,${s(a)},${s(b)})`);
    parts.push(under.length ? `volume='${level}*if(${under.join('+')},${BED_DUCK},1)':eval=frame` : `volume=${level}`);
  } else parts.push(`volume=${level}`);
  parts.push(`apad=whole_len=${totalSamples}`);
  parts.push(`atrim=end_sample=${totalSamples}[${label}]`);
  return parts.join(',');
}

/**
 * Renders the read into `env.workDir/read.mp3`. Throws RenderError with a text for the member
 * when the read cannot be rendered as it stands; other errors are the machine's.
 */
export async function renderRead(input: RenderInput, env: RenderEnv): Promise<RenderResult> {
  const work = env.workDir;
  await fs.promises.mkdir(work, { recursive: true });
  let reported = 0;
  const progress = async (f: number) => {
    if (f < reported + 0.01 && f < 1) return;
    reported = f;
    await env.progress?.(Math.min(1, f));
  };
  const roles = [...new Set(input.lines.map((l) => l.role).filter((r): r is string => r !== null))];
  const number = new Map(input.lines.map((l, i) => [l.id, i + 1]));

  // 1. Sources: takes fetched and decoded, missing lines synthesized (or left out).
  const spoken = input.lines.filter((l) => l.takeKey || (input.fill === 'speech' && l.text.trim()));
  if (!spoken.some((l) => l.takeKey) && input.fill === 'skip') throw new RenderError(RENDER_TEXTS.nothingToRender);
  if (!spoken.length) throw new RenderError(RENDER_TEXTS.nothingToRender);
  const toSpeak = spoken.filter((l) => !l.takeKey);
  const steps = spoken.length + toSpeak.length + 2;
  let done = 0;
  const step = () => progress((++done / steps) * 0.7);

  const synth = env.synthesize ?? espeakSynthesizer;
  const wavOf = new Map(toSpeak.map((l) => [l.id, path.join(work, `speech-${number.get(l.id)}.wav`)]));
  try {
    await synth(
      toSpeak.map((l) => ({ text: l.text.trim(), voice: voiceFor(input.language, l.kind === 'dialogue' ? l.role : null, roles), out: wavOf.get(l.id) as string })),
      () => void step(),
    );
  } catch (err) {
    throw new RenderError(RENDER_TEXTS.speechFailed, { cause: err });
  }

  const pcmOf = new Map<string, { file: string; bytes: number }>();
  for (const line of spoken) {
    const n = number.get(line.id) as number;
    const pcm = path.join(work, `line-${n}.pcm`);
    let source = wavOf.get(line.id);
    if (line.takeKey) {
      source = path.join(work, `take-${n}`);
      if (!(await fetchObject(env, line.takeKey, source))) throw new RenderError(RENDER_TEXTS.takeMissing(n));
    }
    const bytes = await decodeToPcm(source as string, pcm).catch(() => 0);
    if (!bytes && line.takeKey) throw new RenderError(RENDER_TEXTS.takeUnreadable(n));
    if (bytes) pcmOf.set(line.id, { file: pcm, bytes: bytes - (bytes % BYTES_PER_SAMPLE) });
    await step();
  }

  // 2. The speech track, with the timeline of every line (and of lines left out: where they would be).
  const speechFile = path.join(work, 'speech.pcm');
  const out = fs.createWriteStream(speechFile);
  const write = (chunk: Buffer) => new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
  let bytes = 0;
  const segments: RenderedSegment[] = [];
  const startOf = new Map<string, number>();
  const endOf = new Map<string, number>();
  const lead = msToBytes(300);
  await write(Buffer.alloc(lead));
  bytes += lead;
  let first = true;
  for (const line of input.lines) {
    const pcm = pcmOf.get(line.id);
    if (!pcm) {
      startOf.set(line.id, bytesToMs(bytes));
      endOf.set(line.id, bytesToMs(bytes));
      continue;
    }
    if (!first) {
      const gap = msToBytes(line.kind === 'scene' ? SCENE_GAP_MS : LINE_GAP_MS);
      await write(Buffer.alloc(gap));
      bytes += gap;
    }
    first = false;
    const startMs = bytesToMs(bytes);
    await pipeline(fs.createReadStream(pcm.file, { end: pcm.bytes - 1 }), out, { end: false });
    bytes += pcm.bytes;
    startOf.set(line.id, startMs);
    endOf.set(line.id, bytesToMs(bytes));
    segments.push({ lineId: line.id, role: line.kind === 'dialogue' ? line.role : null, actor: line.takeKey ? line.actor : null, text: line.text, source: line.takeKey ? 'take' : 'speech', startMs, endMs: bytesToMs(bytes) });
    await fs.promises.rm(pcm.file, { force: true });
  }
  const tail = msToBytes(500);
  await write(Buffer.alloc(tail));
  bytes += tail;
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const totalSamples = bytes / BYTES_PER_SAMPLE;
  const durationMs = bytesToMs(bytes);

  // 3. Cues on the timeline (beds until their "until" line starts, or as long as they play).
  const cueInputs: string[] = [];
  const filters: string[] = [];
  const speech = segments.map((s) => [s.startMs, s.endMs] as [number, number]);
  for (const cue of input.cues) {
    const lineStart = startOf.get(cue.lineId);
    if (lineStart === undefined) continue;
    const atMs = cue.at === 'end' ? (endOf.get(cue.lineId) as number) : lineStart;
    if (atMs >= durationMs) continue;
    const until = cue.at === 'bed' && cue.untilLineId ? startOf.get(cue.untilLineId) : undefined;
    const playMs = (until !== undefined && until > atMs ? until : durationMs) - atMs;
    const file = path.join(work, `cue-${cueInputs.length + 1}`);
    if (!(await fetchObject(env, cue.sound.key, file))) continue;
    cueInputs.push(file);
    filters.push(cueFilter(cueInputs.length, cue, atMs, playMs, speech, totalSamples, `c${cueInputs.length}`));
  }
  await step();

  // 4. Mix, loudness, MP3.
  const outFile = path.join(work, 'read.mp3');
  const n = cueInputs.length + 1;
  const loudness = `loudnorm=I=${TARGET_LUFS}:TP=${TARGET_TRUE_PEAK}:LRA=11,aresample=${RENDER_SAMPLE_RATE}`;
  const graph = n > 1
    ? [...filters, `[0:a]${Array.from({ length: n - 1 }, (_, i) => `[c${i + 1}]`).join('')}amix=inputs=${n}:duration=first:dropout_transition=0,volume=${n},${loudness}[out]`].join(';')
    : `[0:a]${loudness}[out]`;
  try {
    await runFfmpeg(
      [
        '-f', 's16le', '-ar', String(RENDER_SAMPLE_RATE), '-ac', '1', '-i', speechFile,
        ...cueInputs.flatMap((f) => ['-i', f]),
        '-filter_complex', graph, '-map', '[out]',
        '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '96k', '-metadata', `title=${input.title}`, '-id3v2_version', '3',
        outFile,
      ],
      (ms) => void progress(0.7 + 0.28 * Math.min(1, ms / durationMs)),
    );
  } catch (err) {
    // A cue whose file ffmpeg cannot read fails the mix: name it.
    const bad = input.cues.find((c) => String((err as Error).message).includes(c.sound.key));
    if (bad) throw new RenderError(RENDER_TEXTS.soundUnreadable(bad.sound.key));
    throw err;
  }
  for (const f of [speechFile, ...cueInputs]) await fs.promises.rm(f, { force: true });
  await progress(1);

  const cast = roles
    .map((role) => ({ role, actors: [...new Set(segments.filter((s) => s.role === role && s.source === 'take' && s.actor).map((s) => s.actor as string))] }))
    .filter((c) => segments.some((s) => s.role === c.role));
  return {
    file: outFile,
    contentType: 'audio/mpeg',
    durationMs: Math.round(durationMs),
    segments,
    chapters: buildChapters(input.lines, startOf, input.title),
    transcript: buildTranscript(segments),
    cast,
    synthesizedLines: segments.filter((s) => s.source === 'speech').length,
  };
}

/** Show notes that credit the cast (and the cue sounds' attributions). */
export function creditNotes(result: Pick<RenderResult, 'cast' | 'synthesizedLines'>, extra: { attributions?: string[]; intro?: string } = {}): string {
  const lines: string[] = [];
  if (extra.intro) lines.push(extra.intro, '');
  lines.push('Cast:');
  for (const c of result.cast) lines.push(`- ${c.role}: ${c.actors.length ? c.actors.join(', ') : 'synthesized voice'}`);
  if (result.synthesizedLines > 0) lines.push('', `${result.synthesizedLines} line${result.synthesizedLines === 1 ? '' : 's'} without a take read by a synthesized voice (eSpeak NG).`);
  const attributions = [...new Set(extra.attributions ?? [])].filter((a) => a.trim());
  if (attributions.length) lines.push('', 'Sounds:', ...attributions.map((a) => `- ${a}`));
  return lines.join('\n');
}
