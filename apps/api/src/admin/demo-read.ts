import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/database';
import { espeakSynthesizer, voiceFor } from '../services/read-renders/speech';
import { runFfmpeg } from '../services/read-renders/ffmpeg';
import { TARGET_LUFS, TARGET_TRUE_PEAK, type Synthesizer } from '../services/read-renders/render-types';
import type { AudioStore } from '../repositories/audio-store';
import { deleteSession, featureRead, hasStalePick, listDemoScenes, readLines, sessionAudioIds, sessionCreator } from '../repositories/first-hour';
import { loadScript } from '../repositories/scripts';
import { createSession } from '../repositories/sessions';
import { addTake } from '../repositories/takes';

/**
 * The front door's first finished read, made by `npm run seed:demo` so a new install has
 * something a visitor can play at once: the shortest demo scene, every spoken line read by
 * eSpeak NG with the read renderer's voice for its role (docs/render.md), each line a take of the
 * VoxClub system account in a session of its own, featured on the front door. Nothing is
 * downloaded: the synthesizer and ffmpeg come with `npm ci`.
 */

/** The bit rate of a demo take (speech, mono): small files that start playing at once. */
const DEMO_TAKE_BITRATE = '64k';

export interface DemoReadOptions {
  /** Tests may make the synthesizer fail; the real one is eSpeak NG. */
  synthesize?: Synthesizer;
}

/** The demo scene read first: the fewest lines, as the first-run step offers it. */
async function shortestScene(db: Db, ownerHandle: string) {
  const scenes = await listDemoScenes(db, ownerHandle);
  return scenes.reduce<(typeof scenes)[number] | undefined>((best, s) => (!best || s.lineCount < best.lineCount ? s : best), undefined);
}

/** Whether the featured read still plays every spoken line as the scene now has it. */
async function isCurrent(db: Db, scriptId: string, sessionId: string): Promise<boolean> {
  const lines = await readLines(db, scriptId, sessionId);
  const finished = lines.some((l) => l.role) && lines.every((l) => !l.role || l.audioId);
  if (!finished) return false;
  // A take recorded on an earlier text of its line (the scene file changed) reads the old words.
  return !(await hasStalePick(db, sessionId));
}

/**
 * Makes (or keeps) the demo read; answers the line it reports. A failure leaves the scenes as
 * they are and the front door as it was (the new session goes again), and says what failed.
 */
export async function seedDemoRead(db: Db, owner: { id: string; handle: string }, audio: AudioStore, options: DemoReadOptions = {}): Promise<string> {
  const scene = await shortestScene(db, owner.handle);
  if (!scene) throw new Error('There is no demo scene to read.');
  if (scene.featuredSession && (await isCurrent(db, scene.id, scene.featuredSession))) return `Up to date: the demo read of ${scene.title}`;

  const script = await loadScript(db, scene.id, owner.id);
  if (!script) throw new Error(`The demo scene "${scene.title}" could not be loaded.`);
  const roles = script.roles.map((r) => r.name);
  const spoken = script.lines.filter((l) => l.role && l.text.trim());
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'vox-demo-read-'));
  const sessionId = await createSession(db, script.id, owner.id);
  const kept: string[] = [];
  try {
    const wavs = spoken.map((_, i) => path.join(work, `line-${i + 1}.wav`));
    await (options.synthesize ?? espeakSynthesizer)(
      spoken.map((l, i) => ({ text: l.text.trim(), voice: voiceFor(script.language, l.role, roles), out: wavs[i] })),
      () => undefined,
    );
    for (const [i, line] of spoken.entries()) {
      const mp3 = path.join(work, `line-${i + 1}.mp3`);
      // The renderer's loudness target, so the lines match each other and the members' renders.
      await runFfmpeg(['-i', wavs[i], '-af', `loudnorm=I=${TARGET_LUFS}:TP=${TARGET_TRUE_PEAK}:LRA=11`, '-ar', '44100', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', DEMO_TAKE_BITRATE, mp3]);
      const received = await audio.receive(fs.createReadStream(mp3));
      const sniffed = await audio.sniff(received.tmp);
      if (!sniffed) {
        await audio.discard(received.tmp);
        throw new Error(`The synthesized take of line ${i + 1} ("${line.text.slice(0, 40)}") is not playable audio.`);
      }
      await audio.keep(received, sniffed.contentType);
      kept.push(received.id);
      await addTake(db, {
        sessionId,
        lineId: line.id,
        userId: owner.id,
        clientId: `demo-read-${line.id}`,
        audio: { id: received.id, contentType: sniffed.contentType, byteSize: received.byteSize },
        durationMs: Math.round(sniffed.durationMs),
      });
    }
    await featureRead(db, script.id, sessionId);
  } catch (err) {
    await deleteSession(db, sessionId);
    await audio.prune(kept);
    throw err;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
  // The read it replaces was the system account's own (a member's featured read is staff's
  // choice and stays); its recordings go with it unless the new read shares them.
  if (scene.featuredSession) {
    if ((await sessionCreator(db, scene.featuredSession)) === owner.id) {
      const recordings = await sessionAudioIds(db, scene.featuredSession);
      await deleteSession(db, scene.featuredSession);
      await audio.prune(recordings);
    }
  }
  return `Made the demo read of ${scene.title}: ${spoken.length} lines read by eSpeak NG, a voice per role.`;
}
