import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createDatabase, migrateToLatest, type Db, type Dialect } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbDialect: Dialect;
  }
}

/** Opens the database (SQLite in DATA_DIR, or PostgreSQL via DATABASE_URL) and migrates it on start. */
async function database(app: FastifyInstance, { config }: { config: Config }) {
  const { db, dialect } = createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pgSchema: config.pgSchema,
  });
  await migrateToLatest(db, config.pgSchema);
  app.decorate('db', db);
  app.decorate('dbDialect', dialect);
  app.addHook('onClose', async () => db.destroy());
}

export default fp(database, { name: 'database' });
