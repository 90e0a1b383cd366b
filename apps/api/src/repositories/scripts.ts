import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import {
  SCRIPTS_PAGE_SIZE,
  type NormalizedScript,
  type Script,
  type ScriptLine,
  type ScriptScope,
  type ScriptSummary,
  type ScriptVisibility,
} from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { Database, ScriptsTable } from '../db/schema';
import { isPairOf } from './friendships';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Scripts: the head (title, synopsis, genre, language, cover, visibility, free flag), roles and
 * ordered lines. Who may read what is decided in one place, `readableBy`, used by every query
 * that answers scripts (one script, the list, the session lookup), so the rules cannot drift.
 */

/** Who is asking: a signed-in user (with or without read_free_script) or an anonymous visitor. */
export interface Viewer {
  userId: string | null;
  /** The read_free_script privilege: free scripts are readable whatever their visibility. */
  canReadFree: boolean;
}

type WithScripts = Database & { s: ScriptsTable };
type ScriptsEb = ExpressionBuilder<WithScripts, 's'>;

/** `userId` and the owner of the script row `s` are accepted friends (either direction). */
function isOwnersFriend(eb: ScriptsEb, userId: string) {
  return eb.exists(
    eb
      .selectFrom('friendships as f')
      .select('f.status')
      .where('f.status', '=', 'accepted')
      .where((w) => isPairOf(w, w.ref('s.owner_id'), userId)),
  );
}

/**
 * The reading rule. Readers: the owner; anyone signed in for a public script; the owner's
 * accepted friends for a friends-only script; anyone already in one of its reading sessions
 * (they joined through a share link, which is an invitation); and, for free scripts, users with
 * read_free_script. Anonymous visitors see public scripts only.
 */
function readableBy(eb: ScriptsEb, viewer: Viewer) {
  const { userId } = viewer;
  if (!userId) return eb('s.visibility', '=', 'public');
  return eb.or([
    eb('s.owner_id', '=', userId),
    eb('s.visibility', '=', 'public'),
    eb.and([eb('s.visibility', '=', 'friends'), isOwnersFriend(eb, userId)]),
    eb.exists(
      eb
        .selectFrom('session_participants as p')
        .innerJoin('reading_sessions as r', 'r.id', 'p.session_id')
        .select('p.user_id')
        .where('p.user_id', '=', userId)
        .whereRef('r.script_id', '=', 's.id'),
    ),
    ...(viewer.canReadFree ? [eb('s.is_free', '=', 1)] : []),
  ]);
}

/**
 * The script if `userId` may read it, else undefined (callers answer 404 either way, so a
 * private script's existence is never revealed).
 */
async function findReadableScript(db: Db, scriptId: string, userId: string, canReadFree = false) {
  return db
    .selectFrom('scripts as s')
    .select(['s.id', 's.owner_id', 's.title', 's.visibility', 's.is_free', 's.cover'])
    .where('s.id', '=', scriptId)
    .where((eb) => readableBy(eb, { userId, canReadFree }))
    .executeTakeFirst();
}

// --- answering scripts ---

const HEAD_COLUMNS = [
  's.id',
  's.title',
  's.synopsis',
  's.genre',
  's.language',
  's.cover',
  's.visibility',
  's.is_free',
  's.owner_id',
  's.created_at',
  's.updated_at',
  'u.handle as owner_handle',
  'u.name as owner_name',
  'u.photo as owner_photo',
] as const;

interface HeadRow {
  id: string;
  title: string;
  synopsis: string;
  genre: string;
  language: string;
  cover: string | null;
  visibility: ScriptVisibility;
  is_free: number;
  owner_id: string;
  created_at: string;
  updated_at: string;
  owner_handle: string | null;
  owner_name: string | null;
  owner_photo: string | null;
}

function toHead(row: HeadRow) {
  return {
    id: row.id,
    title: row.title,
    synopsis: row.synopsis,
    genre: row.genre,
    language: row.language,
    cover: row.cover,
    visibility: row.visibility,
    isFree: row.is_free === 1 || (row.is_free as unknown) === '1',
    owner: { id: row.owner_id, handle: row.owner_handle, name: row.owner_name, photo: row.owner_photo },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toScriptLine(row: Pick<Selectable<Database['script_lines']>, 'id' | 'kind' | 'role_name' | 'parenthetical' | 'text'>): ScriptLine {
  return { id: row.id, kind: row.kind, role: row.role_name, parenthetical: row.parenthetical, text: row.text };
}

/** The whole script (head, roles, lines in order); no access check: callers check first. */
export async function loadScript(db: Db, scriptId: string, viewerId: string | null): Promise<Script | undefined> {
  const head = await db
    .selectFrom('scripts as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .select(HEAD_COLUMNS)
    .where('s.id', '=', scriptId)
    .executeTakeFirst();
  if (!head) return undefined;
  const [roles, lines, retired] = await Promise.all([
    db.selectFrom('script_roles').select(['name', 'description']).where('script_id', '=', scriptId).orderBy('position').execute(),
    scriptLinesInPages(db, scriptId),
    retiredLinesWithTakes(db, scriptId),
  ]);
  return {
    ...toHead(head),
    roles,
    lines,
    ...(retired.length > 0 && { retiredLines: retired.map(toScriptLine) }),
    canEdit: viewerId === head.owner_id,
  };
}

/**
 * Lines taken out of the script that still have takes: kept, retired, so no take is
 * lost; the reader lists their takes apart. Oldest removal first.
 */
async function retiredLinesWithTakes(db: Db, scriptId: string) {
  return db
    .selectFrom('script_lines as l')
    .select(['l.id', 'l.kind', 'l.role_name', 'l.parenthetical', 'l.text'])
    .where('l.script_id', '=', scriptId)
    .where('l.retired_at', 'is not', null)
    .where((eb) => eb.exists(eb.selectFrom('takes as t').select('t.id').whereRef('t.line_id', '=', 'l.id')))
    .orderBy('l.retired_at')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
}

/** Lines read, compared or written per turn of the event loop (item 7). */
const LINES_PER_TURN = 500;

/** Gives other requests a turn of the event loop between two slices of a large script's work. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A script's lines in order, read a page at a time (keyset on position, id, which the
 * (script_id, position) index serves): each page is its own query, and on SQLite each query
 * first yields the event loop (TurnTakingSqliteDialect), so reading a 5,000-line script never
 * holds every other request for the whole read. Inside a transaction nothing yields by itself:
 * `betweenPages` is awaited between two pages.
 */
async function readLinePages(db: Db, scriptId: string, betweenPages?: () => Promise<void>, { includeRetired = false } = {}) {
  const out: Array<Pick<Selectable<Database['script_lines']>, 'id' | 'kind' | 'role_name' | 'parenthetical' | 'text' | 'retired_at'> & { position: number }> = [];
  let after: { position: number; id: string } | undefined;
  for (;;) {
    const from = after;
    const page = await db
      .selectFrom('script_lines')
      .select(['id', 'position', 'kind', 'role_name', 'parenthetical', 'text', 'retired_at'])
      .where('script_id', '=', scriptId)
      // Retired lines are out of the script; a save still sees them, to bring one back.
      .$if(!includeRetired, (qb) => qb.where('retired_at', 'is', null))
      .$if(from !== undefined, (qb) =>
        qb.where((eb) => eb.or([eb('position', '>', from?.position ?? 0), eb.and([eb('position', '=', from?.position ?? 0), eb('id', '>', from?.id ?? '')])])),
      )
      .orderBy('position')
      .orderBy('id')
      .limit(LINES_PER_TURN)
      .execute();
    for (const row of page) out.push({ ...row, position: Number(row.position) });
    if (page.length < LINES_PER_TURN) return out;
    after = out[out.length - 1];
    await betweenPages?.();
  }
}

async function scriptLinesInPages(db: Db, scriptId: string): Promise<ScriptLine[]> {
  return (await readLinePages(db, scriptId)).map(toScriptLine);
}

/** One line of a script (for take checks), or undefined when the script has no such line. */
async function findLine(db: Db, scriptId: string, lineId: string) {
  return db
    .selectFrom('script_lines')
    .select(['id', 'kind', 'role_name', 'text'])
    .where('script_id', '=', scriptId)
    .where('id', '=', lineId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

async function findScriptTitle(db: Db, scriptId: string): Promise<string | undefined> {
  return (await db.selectFrom('scripts').select('title').where('id', '=', scriptId).executeTakeFirst())?.title;
}

async function scriptRoleNames(db: Db, scriptId: string): Promise<string[]> {
  const rows = await db.selectFrom('script_roles').select('name').where('script_id', '=', scriptId).orderBy('position').execute();
  return rows.map((r) => r.name);
}

// --- the list ---

interface ScriptListOptions {
  viewer: Viewer;
  q?: string;
  scope?: ScriptScope;
  owner?: string;
  page?: number;
  pageSize?: number;
}

/** `%text%` for LIKE, with the pattern characters of the text itself taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * GET /api/scripts: what the viewer may read, narrowed by scope, owner and search, newest
 * updated first. Search is a case-insensitive substring match on title, synopsis and genre
 * (lower() LIKE, the same on both databases; SQLite lower-cases ASCII letters only).
 */
async function listScripts(db: Db, opts: ScriptListOptions): Promise<{ items: ScriptSummary[]; total: number; page: number; pageSize: number }> {
  const page = opts.page ?? 1;
  const pageSize = opts.pageSize ?? SCRIPTS_PAGE_SIZE;
  const { viewer } = opts;
  const q = opts.q?.trim();
  const base = db
    .selectFrom('scripts as s')
    .where((eb) => readableBy(eb, viewer))
    .$if(opts.scope === 'mine', (qb) => qb.where('s.owner_id', '=', viewer.userId ?? ''))
    .$if(opts.scope === 'friends', (qb) => qb.where((eb) => (viewer.userId ? isOwnersFriend(eb, viewer.userId) : sql<boolean>`1 = 0`)))
    .$if(opts.scope === 'public', (qb) => qb.where('s.visibility', '=', 'public'))
    .$if(opts.scope === 'free', (qb) => qb.where('s.is_free', '=', 1))
    .$if(Boolean(opts.owner), (qb) => qb.where('s.owner_id', '=', opts.owner as string))
    .$if(Boolean(q), (qb) => {
      const pattern = containsPattern(q as string);
      const like = (column: 's.title' | 's.synopsis' | 's.genre') => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      return qb.where((eb) => eb.or([like('s.title'), like('s.synopsis'), like('s.genre')]));
    });

  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('users as u', 'u.id', 's.owner_id')
      .select(HEAD_COLUMNS)
      .select((eb) => [
        eb.selectFrom('script_roles as sr').select((e) => e.fn.countAll<number | string>().as('n')).whereRef('sr.script_id', '=', 's.id').as('role_count'),
        eb
          .selectFrom('script_lines as sl')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('sl.script_id', '=', 's.id')
          .where('sl.retired_at', 'is', null)
          .as('line_count'),
      ])
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({ ...toHead(row), roleCount: Number(row.role_count ?? 0), lineCount: Number(row.line_count ?? 0) })),
    total: Number(total),
    page,
    pageSize,
  };
}

// --- saving ---

/** What saveScript stores: a script checked and normalized by the contract's normalizeScript. */
export type { NormalizedScript };

// SQLite allows 32766 bound values per statement; 7 columns x 500 rows stays well below.
const INSERT_CHUNK = LINES_PER_TURN;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface SavedScript {
  id: string;
  /** Audio ids of the takes that went with deleted lines (the caller prunes unused recordings). */
  droppedAudio: string[];
}

type LineRow = { id: string; script_id: string; position: number; kind: NormalizedScript['lines'][number]['kind']; role_name: string | null; parenthetical: string | null; text: string };

/**
 * Creates (no `scriptId`) or replaces a script, roles and lines in one transaction. Lines sent
 * with the id of one of this script's lines keep it, and their takes; lines without a known id
 * get new ids. A line whose text changes keeps its takes, each marked with the text it was
 * recorded on (`takes.recorded_text`). Lines left out are deleted when nobody recorded them and
 * retired otherwise (`retired_at`): out of the script, their takes kept and listed.
 * A retired line's id sent again brings it back. The script editor and publishing a draft both
 * save here, so both keep takes alike. Readers seated in a role that no longer exists lose the
 * seat (their takes stay with the lines).
 *
 * Large scripts (item 7): the save writes only what changed (an edit of one line of a
 * 5,000-line script is one UPDATE), and does its work in slices of LINES_PER_TURN lines with a
 * turn of the event loop between them, so a member saving a long script does not hold every
 * other request for the whole save. On SQLite the transaction keeps the connection across those
 * turns: other queries wait for it as they would have for one long transaction, but requests
 * that need no database (health, the poll answered from memory, static files) and the CPU work
 * of other requests go on.
 */
export async function saveScript(db: Db, ownerId: string, script: NormalizedScript, scriptId?: string): Promise<SavedScript> {
  const now = new Date().toISOString();
  const id = scriptId ?? newId();
  const head = {
    title: script.title,
    synopsis: script.synopsis,
    genre: script.genre,
    language: script.language,
    visibility: script.visibility,
    is_free: script.isFree ? 1 : 0,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    if (scriptId) {
      await trx.updateTable('scripts').set(head).where('id', '=', id).execute();
    } else {
      await trx.insertInto('scripts').values({ id, owner_id: ownerId, cover: null, created_at: now, ...head }).execute();
    }

    const oldRoles = scriptId ? await trx.selectFrom('script_roles').select(['name', 'description']).where('script_id', '=', id).orderBy('position').execute() : [];
    const rolesChanged = oldRoles.length !== script.roles.length || oldRoles.some((r, i) => r.name !== script.roles[i].name || r.description !== script.roles[i].description);
    if (rolesChanged) {
      if (scriptId) await trx.deleteFrom('script_roles').where('script_id', '=', id).execute();
      for (const part of chunks(script.roles, INSERT_CHUNK)) {
        const offset = script.roles.indexOf(part[0]);
        await trx
          .insertInto('script_roles')
          .values(part.map((role, i) => ({ script_id: id, name: role.name, description: role.description, position: offset + i })))
          .execute();
      }
    }

    const before = new Map<string, Omit<LineRow, 'script_id'> & { retired_at: string | null }>();
    if (scriptId) {
      for (const row of await readLinePages(trx, id, nextTurn, { includeRetired: true })) before.set(row.id, row);
    }

    const kept = new Set<string>();
    const changed: LineRow[] = [];
    const added: LineRow[] = [];
    script.lines.forEach((line, position) => {
      const keep = line.id !== undefined && before.has(line.id) && !kept.has(line.id);
      const row: LineRow = { id: keep ? (line.id as string) : newId(), script_id: id, position, kind: line.kind, role_name: line.role, parenthetical: line.parenthetical, text: line.text };
      if (!keep) {
        added.push(row);
        return;
      }
      kept.add(row.id);
      const old = before.get(row.id);
      const unchanged =
        old &&
        old.position === row.position &&
        old.kind === row.kind &&
        old.role_name === row.role_name &&
        old.parenthetical === row.parenthetical &&
        old.text === row.text &&
        old.retired_at === null;
      if (!unchanged) changed.push(row);
    });

    // Lines left out: retired when someone recorded them (takes kept), deleted otherwise. A line
    // already retired stays so.
    const dropped = [...before.values()].filter((row) => !kept.has(row.id) && row.retired_at === null).map((row) => row.id);
    // Only lines nobody recorded are deleted, so no stored audio loses its last take here.
    const droppedAudio = new Set<string>();
    for (const part of chunks(dropped, LINES_PER_TURN)) {
      await nextTurn();
      const recorded = new Set((await trx.selectFrom('takes').select('line_id').distinct().where('line_id', 'in', part).execute()).map((r) => r.line_id));
      const unrecorded = part.filter((lineId) => !recorded.has(lineId));
      if (recorded.size > 0) await trx.updateTable('script_lines').set({ retired_at: now }).where('id', 'in', [...recorded]).execute();
      if (unrecorded.length > 0) await trx.deleteFrom('script_lines').where('id', 'in', unrecorded).execute();
    }
    // Lines whose position moved come before the new lines are inserted; no unique index on
    // (script_id, position), so the order of the writes does not matter for correctness.
    for (const part of chunks(changed, LINES_PER_TURN / 5)) {
      await nextTurn();
      for (const row of part) {
        const old = before.get(row.id);
        if (old && old.text !== row.text) {
          // Takes recorded on the text before keep it; takes on a text now restored lose the mark.
          await trx.updateTable('takes').set({ recorded_text: old.text }).where('line_id', '=', row.id).where('recorded_text', 'is', null).execute();
          await trx.updateTable('takes').set({ recorded_text: null }).where('line_id', '=', row.id).where('recorded_text', '=', row.text).execute();
        }
        await trx
          .updateTable('script_lines')
          .set({ position: row.position, kind: row.kind, role_name: row.role_name, parenthetical: row.parenthetical, text: row.text, retired_at: null })
          .where('id', '=', row.id)
          .execute();
      }
    }
    for (const part of chunks(added, INSERT_CHUNK)) {
      await nextTurn();
      await trx.insertInto('script_lines').values(part).execute();
    }

    if (scriptId && rolesChanged) {
      const names = script.roles.map((r) => r.name);
      await trx
        .updateTable('session_participants')
        .set({ role_name: null })
        .where('session_id', 'in', (eb) => eb.selectFrom('reading_sessions').select('id').where('script_id', '=', id))
        .where('role_name', 'is not', null)
        .$if(names.length > 0, (qb) => qb.where('role_name', 'not in', names))
        .execute();
    }
    return { id, droppedAudio: [...droppedAudio] };
  });
}

/** Deletes a script with its sessions, links and takes; answers the audio ids to prune. */
async function deleteScript(db: Db, scriptId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const audio = await trx
      .selectFrom('takes as t')
      .innerJoin('reading_sessions as r', 'r.id', 't.session_id')
      .select('t.audio_id')
      .distinct()
      .where('r.script_id', '=', scriptId)
      .execute();
    // The script's casting calls go with it, and so do their auditions' recordings.
    const auditions = trx
      .selectFrom('casting_auditions as a')
      .innerJoin('casting_roles as cr', 'cr.id', 'a.role_id')
      .innerJoin('casting_calls as c', 'c.id', 'cr.call_id')
      .where('c.script_id', '=', scriptId);
    const [lineTakes, wholeFiles] = await Promise.all([
      auditions.innerJoin('casting_audition_takes as at', 'at.audition_id', 'a.id').select('at.audio_id').execute(),
      auditions.select('a.audio_id').where('a.audio_id', 'is not', null).execute(),
    ]);
    await trx.deleteFrom('scripts').where('id', '=', scriptId).execute();
    return [...audio, ...lineTakes, ...wholeFiles].flatMap((a) => (a.audio_id ? [a.audio_id] : []));
  });
}

async function setScriptCover(db: Db, scriptId: string, cover: string | null): Promise<void> {
  await db.updateTable('scripts').set({ cover, updated_at: new Date().toISOString() }).where('id', '=', scriptId).execute();
}

// --- small helpers for tests and the demo seed (npm run seed:demo) ---

interface NewScript {
  ownerId: string;
  title: string;
  visibility?: ScriptVisibility;
  isFree?: boolean;
}

/** A script with a title only (no roles or lines yet). */
export async function createScript(db: Db, { ownerId, title, visibility = 'private', isFree = false }: NewScript): Promise<string> {
  const saved = await saveScript(db, ownerId, { title, synopsis: '', genre: '', language: '', visibility, isFree, roles: [], lines: [] });
  return saved.id;
}

declare module 'fastify' {
  interface FastifyInstance {
    scriptsRepository: ScriptsRepository;
  }
}

const queries = {
  findReadableScript,
  loadScript,
  retiredLinesWithTakes,
  findLine,
  findScriptTitle,
  scriptRoleNames,
  listScripts,
  saveScript,
  deleteScript,
  setScriptCover,
};
type ScriptsRepository = Repository<typeof queries>;

export default repositoryPlugin('scriptsRepository', 'scripts-repository', queries);
