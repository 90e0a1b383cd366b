import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { computeFilePeaks } from './probe';
import { cuesService, type CuesService } from './cues';
import { freesoundSearchService, type FreesoundSearchService } from './freesound-search';
import { libraryService, type LibraryService } from './library';
import { PEAKS_JOB, keyOf, createSoundsContext } from './context';

declare module 'fastify' {
  interface FastifyInstance {
    sounds: SoundsService;
  }
}

/**
 * The audio library. The routes check `audio_library`; this service makes a sound
 * its owner's (another member's private sound is "not found"; a public one can be listed, played
 * and used as a cue, never changed), keeps each member within their role's storage quota,
 * accepts only files whose bytes are audio it can read (nothing stored otherwise), computes the
 * waveform peaks in a background job, and keeps cues on script lines.
 */
type SoundsService = LibraryService & CuesService & FreesoundSearchService;

async function sounds(app: FastifyInstance, { config }: { config: Config }) {
  const ctx = createSoundsContext(app, config);
  const { repo } = ctx;

  /** The waveform job: decode the stored bytes once, keep the peaks on every sound that has them. */
  await app.jobs.define<{ fileId: string; durationMs: number }>(
    PEAKS_JOB,
    async (job) => {
      const { fileId, durationMs } = job.data;
      if (!(await repo.fileInUse(fileId))) return;
      const body = await app.storage.get(keyOf(fileId));
      if (!body) return;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'vox-peaks-'));
      const tmp = path.join(dir, 'sound');
      try {
        await pipeline(body, fs.createWriteStream(tmp));
        await job.progress(0.2);
        const peaks = await computeFilePeaks(tmp, durationMs);
        await repo.setPeaks(fileId, peaks.length ? 'ready' : 'failed', peaks.length ? peaks : null);
        await job.progress(1);
      } catch (err) {
        // The last attempt marks the waveform failed, so the page stops waiting for it.
        if (job.attempt > 2) await repo.setPeaks(fileId, 'failed', null);
        throw err;
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 10 * 60 },
  );


  app.decorate('sounds', { ...libraryService(ctx), ...cuesService(ctx), ...freesoundSearchService(ctx) } satisfies SoundsService);
}

export default fp(sounds, { name: 'sounds', dependencies: ['sounds-repository', 'roles-repository', 'storage', 'jobs', 'scripts', 'file-links'] });
