import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { build, createUser } from '../helper';
import { loadSecret } from '../../src/repositories/secrets';

describe('secrets shared by every instance (app_secrets)', () => {
  it('two apps on one database sign and check each other’s tokens without any secret setting', async () => {
    const a = await build();
    try {
      const user = await createUser(a);
      const row = await a.db.selectFrom('app_secrets').select(['name', 'value']).where('name', '=', 'jwtSecret').executeTakeFirstOrThrow();
      expect(row.value).toMatch(/^[A-Za-z0-9_-]{64}$/);
      // A second instance reads the same key: the token of the first one verifies with it.
      const again = await loadSecret(a.db, fs.mkdtempSync(path.join(os.tmpdir(), 'vox-other-')), 'jwtSecret', undefined);
      expect(again).toBe(row.value);
      await expect(jwtVerify(user.token, new TextEncoder().encode(again))).resolves.toMatchObject({ payload: { sub: user.id } });
      const me = await a.inject({ method: 'GET', url: '/api/notifications/new', headers: { authorization: `Bearer ${user.token}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await a.close();
    }
  });

  it('takes a secret of DATA_DIR/secrets.json (an install from before) into the database, so its sessions stay valid', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-legacy-'));
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: 'the-old-key-from-the-file' }));
    const app = await build({ DATA_DIR: dataDir });
    try {
      const row = await app.db.selectFrom('app_secrets').select('value').where('name', '=', 'jwtSecret').executeTakeFirstOrThrow();
      expect(row.value).toBe('the-old-key-from-the-file');
    } finally {
      await app.close();
    }
  });

  it('a setting wins and is not stored', async () => {
    const app = await build({});
    try {
      expect(await loadSecret(app.db, '/nonexistent', 'fromEnv', 'set-by-env')).toBe('set-by-env');
      expect(await app.db.selectFrom('app_secrets').select('name').where('name', '=', 'fromEnv').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
