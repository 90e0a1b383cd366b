import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RENDER_SAMPLE_RATE, LINE_GAP_MS, SCENE_GAP_MS, TARGET_LUFS, TARGET_TRUE_PEAK, type RenderInput, type RenderedSegment, type RenderResult, RenderError, RENDER_TEXTS, type RenderEnv } from './render-types';
import { BYTES_PER_SAMPLE, msToBytes, bytesToMs, runFfmpeg, decodeToPcm, cueFilter } from './ffmpeg';
import { voiceFor, espeakSynthesizer } from './speech';
import { buildTranscript, buildChapters } from './transcript';

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

async function fetchObject(env: RenderEnv, key: string, out: string): Promise<boolean> {
  const body = await env.open(key);
  if (!body) return false;
  await pipeline(body, fs.createWriteStream(out));
  return true;
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
