import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sweepStaleUploads } from '../../src/plugins/external/multipart';
import { build } from '../helper';

describe('stale upload temp files', () => {
  it('removes the *.upload files left in the upload scratch folder at start, and nothing else', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-sweep-'));
    // Where an upload is written while it is received and checked (a take, a sound, an episode).
    const audio = path.join(dataDir, 'tmp', 'uploads');
    fs.mkdirSync(audio, { recursive: true });
    const file = (name: string, ageMs: number) => {
      const p = path.join(audio, name);
      fs.writeFileSync(p, 'x');
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(p, at, at);
      return name;
    };
    // Three left by processes killed mid-upload (restarted at once, a little later, a day later).
    file('0123abcd.upload', 11 * 60 * 1000);
    file('4567cdef.upload', 30 * 60 * 1000);
    file('89abcdef.upload', 24 * 60 * 60 * 1000);
    // One another process sharing DATA_DIR is writing now.
    file('fresh000.upload', 60 * 1000);
    file('a'.repeat(64), 2 * 60 * 60 * 1000);
    const app = await build({ DATA_DIR: dataDir });
    try {
      expect(fs.readdirSync(audio).sort()).toEqual(['a'.repeat(64), 'fresh000.upload']);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('removes later what a process killed just before the start left (the periodic sweep)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-sweep-'));
    try {
      fs.writeFileSync(path.join(dir, 'killed00.upload'), 'x'.repeat(1000));
      expect(await sweepStaleUploads(dir)).toBe(0);
      expect(await sweepStaleUploads(dir, Date.now() + 11 * 60 * 1000)).toBe(1);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
