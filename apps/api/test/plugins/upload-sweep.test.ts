import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../helper';

describe('stale upload temp files', () => {
  it('removes *.upload files older than an hour at start, and nothing else', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-sweep-'));
    const audio = path.join(dataDir, 'uploads', 'audio');
    fs.mkdirSync(audio, { recursive: true });
    const file = (name: string, ageMs: number) => {
      const p = path.join(audio, name);
      fs.writeFileSync(p, 'x');
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(p, at, at);
      return name;
    };
    file('0123abcd.upload', 2 * 60 * 60 * 1000);
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
});
