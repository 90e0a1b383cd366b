import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { main } from '../../src/admin/commands';
import { createS3Storage } from '../../src/plugins/app/storage';
import { startS3Server, type S3TestServer } from '../storage/s3-server';

describe('npm run admin -- storage copy --to s3', () => {
  let s3: S3TestServer;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-copy-'));
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function admin(env: Record<string, string>, ...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { env: { DATA_DIR: dataDir, ...env }, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err: err.join('\n') };
  }
  const write = (key: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', key), text);
  };

  it('copies what is on disk, then skips it on the next run and copies only what is new', async () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    write(`audio/${a}`, 'recording bytes');
    write(`photos/${b}`, 'photo');
    write('audio/left.upload', 'an interrupted upload of the old layout');
    const first = await admin(s3.env, 'storage', 'copy', '--to', 's3');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect([...first.out].sort()).toEqual([
      'Copied 2 files (20 bytes); skipped 0 already there.',
      `Copied audio/${a} (15 bytes).`,
      `Copied photos/${b} (5 bytes).`,
    ].sort());
    const bucket = createS3Storage(s3.settings);
    expect((await buffer((await bucket.get(`audio/${a}`))!)).toString()).toBe('recording bytes');
    expect(await bucket.head('audio/left.upload')).toBeUndefined();

    const c = 'c'.repeat(64);
    write(`audio/${c}`, 'another');
    const again = await admin(s3.env, 'storage', 'copy', '--to', 's3');
    expect(again.out).toEqual([`Copied audio/${c} (7 bytes).`, 'Copied 1 file (7 bytes); skipped 2 already there.']);
    // Nothing was removed from the disk.
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'audio', a), 'utf8')).toBe('recording bytes');
  });

  it('explains a missing bucket setting and a wrong use', async () => {
    expect(await admin({}, 'storage', 'copy', '--to', 's3')).toMatchObject({ code: 1, err: 'Failed: S3_BUCKET is not set: set the S3_* settings of the bucket first.' });
    const wrong = await admin(s3.env, 'storage', 'move', '--to', 's3');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^Use: storage copy --to s3 \(or --to local\)\./);
  });

  it('fails with the reason when the bucket cannot be reached', async () => {
    const res = await admin({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' }, 'storage', 'copy', '--to', 's3');
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/^Failed: /);
  });
});
