import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** A repository function: the database (or a transaction) first, then its own arguments. */
type Query = (db: Db, ...args: never[]) => unknown;

/** The repository as services see it: each function with the app's database already given. */
export type Repository<T extends Record<string, Query>> = {
  [K in keyof T]: T[K] extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/**
 * A named plugin that decorates `app[decorator]` with the area's repository functions bound to
 * the app's database, so services call `app.friendshipsRepository.listFriends(me)`. The
 * functions stay exported as they are, taking a `Db` first: a service that runs several of them
 * in one transaction passes its `trx` to them, and tests and the admin CLI call them directly.
 */
export function repositoryPlugin<T extends Record<string, Query>>(decorator: keyof FastifyInstance & string, name: string, queries: T) {
  return fp(
    async (app: FastifyInstance) => {
      const bound: Record<string, (...args: unknown[]) => unknown> = Object.fromEntries(
        Object.entries(queries).map(([key, query]) => [key, (...args: unknown[]) => (query as (db: Db, ...rest: unknown[]) => unknown)(app.db, ...args)]),
      );
      // Typed where each repository declares its decorator (Repository<typeof queries>).
      app.decorate(decorator, bound);
    },
    { name, dependencies: ['database'] },
  );
}
