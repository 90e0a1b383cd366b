import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest, type Db } from '../../src/db/database';

// SQLite only: better-sqlite3 runs statements synchronously, and the dialect makes each query give
// the event loop a turn first (src/db/database.ts). PostgreSQL waits for the network anyway.
describe('SQLite queries take turns with other work', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-turns-'));
    ({ db } = createDatabase({ dataDir: dir }));
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const countRoles = async () => (await db.selectFrom('roles').select('name').execute()).length;

  it("lets other waiting work run between one caller's queries", async () => {
    const order: string[] = [];
    const caller = (async () => {
      await countRoles();
      order.push('query 1');
      await countRoles();
      order.push('query 2');
    })();
    setImmediate(() => order.push('other work'));
    await caller;
    expect(order).toEqual(['query 1', 'other work', 'query 2']);
  });

  it('runs the statements of a transaction in one go, holding the connection from BEGIN to COMMIT', async () => {
    const order: string[] = [];
    const caller = db.transaction().execute(async (trx) => {
      await trx.selectFrom('roles').select('name').execute();
      order.push('query 1');
      await trx.selectFrom('roles').select('name').execute();
      order.push('query 2');
    });
    setImmediate(() => order.push('other work'));
    await caller;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['query 1', 'query 2', 'other work']);
  });

  it('still answers every query, in order, when many callers interleave', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => countRoles()));
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toBeGreaterThan(0);
  });
});
