import { sql, type Selectable } from 'kysely';
import type { SoundListQuery } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import type { SoundCuesTable, SoundsTable } from '../db/schema';
import { containsPattern } from './scripts';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * The audio library: sounds and the cues that put them on script lines. SQL only;
 * the rules (who may see or change what, quotas, formats) are in services/sounds/.
 */

export type SoundRow = Selectable<SoundsTable> & { owner_name: string | null; owner_handle: string | null };
type NewSound = Omit<Selectable<SoundsTable>, 'peaks'> & { peaks?: null };
type CueRow = Selectable<SoundCuesTable>;

const soundColumns = (db: Db) =>
  db
    .selectFrom('sounds')
    .innerJoin('users', 'users.id', 'sounds.owner_id')
    .selectAll('sounds')
    .select(['users.name as owner_name', 'users.handle as owner_handle']);

export async function insertSound(db: Db, row: NewSound): Promise<void> {
  await db.insertInto('sounds').values({ ...row, peaks: null }).execute();
}

async function findSound(db: Db, id: string): Promise<SoundRow | undefined> {
  return soundColumns(db).where('sounds.id', '=', id).executeTakeFirst();
}

/** My sounds, or every public one (`scope: public`), by type, title/tag search and sort. */
async function listSounds(db: Db, viewerId: string, { scope = 'mine', type, q, sort = 'newest' }: SoundListQuery): Promise<SoundRow[]> {
  let query = soundColumns(db);
  query = scope === 'public' ? query.where('sounds.is_public', '=', 1) : query.where('sounds.owner_id', '=', viewerId);
  if (type) query = query.where('sounds.type', '=', type);
  if (q?.trim()) {
    const pattern = containsPattern(q.trim());
    query = query.where((eb) => eb.or([sql<boolean>`lower(sounds.title) like ${pattern} escape '\\'`, sql<boolean>`sounds.tags like ${pattern} escape '\\'`]));
  }
  if (sort === 'title') query = query.orderBy(sql`lower(sounds.title)`).orderBy('sounds.id');
  else if (sort === 'duration') query = query.orderBy('sounds.duration_ms').orderBy('sounds.id');
  else query = query.orderBy('sounds.created_at', sort === 'oldest' ? 'asc' : 'desc').orderBy('sounds.id');
  return query.limit(1000).execute();
}

/** Bytes a member's sounds take (each sound counts, even two with the same bytes). */
async function usedBytes(db: Db, ownerId: string, exceptSoundId?: string): Promise<number> {
  let query = db.selectFrom('sounds').select((eb) => eb.fn.sum<number | string | null>('byte_size').as('total')).where('owner_id', '=', ownerId);
  if (exceptSoundId) query = query.where('id', '!=', exceptSoundId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

type QuotaWrite = { fits: true } | { fits: false; used: number };

/**
 * A write that adds `adding` bytes to the owner's sounds (an insert, or a file replaced: its old
 * bytes, `exceptSoundId`, stop counting), done only while the total stays within `quota`. The
 * owner's row is locked first, so two uploads at the same moment are counted one after the other
 * (PostgreSQL: a row lock held to commit; SQLite: one writer at a time).
 */
async function writeWithinQuota(
  db: Db,
  owner: { id: string; quota: number; adding: number; exceptSoundId?: string },
  write: (trx: Db) => Promise<void>,
): Promise<QuotaWrite> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ id: sql<string>`id` }).where('id', '=', owner.id).execute();
    const used = await usedBytes(trx, owner.id, owner.exceptSoundId);
    if (used + owner.adding > owner.quota) return { fits: false, used } as const;
    await write(trx);
    return { fits: true } as const;
  });
}

export async function updateSound(db: Db, id: string, patch: Partial<Omit<Selectable<SoundsTable>, 'id' | 'owner_id' | 'created_at'>>): Promise<void> {
  await db.updateTable('sounds').set(patch).where('id', '=', id).execute();
}

async function deleteSound(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sounds').where('id', '=', id).execute();
}

/** The type and size of stored bytes, from any sound that has them. */
/** The stored type and size of these bytes, and whether a public sound has them (first if one does). */
async function findSoundFile(db: Db, fileId: string): Promise<{ content_type: string; byte_size: number; is_public: boolean } | undefined> {
  const row = await db
    .selectFrom('sounds')
    .select(['content_type', 'byte_size', 'is_public'])
    .where('file_id', '=', fileId)
    .orderBy('is_public', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { content_type: row.content_type, byte_size: Number(row.byte_size), is_public: Number(row.is_public) === 1 };
}

async function fileInUse(db: Db, fileId: string): Promise<boolean> {
  return !!(await db.selectFrom('sounds').select('id').where('file_id', '=', fileId).limit(1).executeTakeFirst());
}

/** Peaks belong to the bytes: every sound with them gets them (a copy shares its file). */
async function setPeaks(db: Db, fileId: string, state: 'ready' | 'failed', peaks: number[] | null): Promise<void> {
  await db
    .updateTable('sounds')
    .set({ peaks_state: state, peaks: peaks ? JSON.stringify(peaks) : null })
    .where('file_id', '=', fileId)
    .execute();
}

/** Ready peaks of these bytes computed before (a second upload of the same file needs no job). */
async function knownPeaks(db: Db, fileId: string): Promise<string | undefined> {
  const row = await db.selectFrom('sounds').select('peaks').where('file_id', '=', fileId).where('peaks_state', '=', 'ready').limit(1).executeTakeFirst();
  return row?.peaks ?? undefined;
}

/** Where a sound is used as a cue: script, line and its text, in script order. */
async function soundUses(db: Db, soundId: string) {
  return db
    .selectFrom('sound_cues as c')
    .innerJoin('scripts as s', 's.id', 'c.script_id')
    .innerJoin('script_lines as l', 'l.id', 'c.line_id')
    .select(['s.id as script_id', 's.title as script_title', 'l.id as line_id', 'l.text as line_text'])
    .where('c.sound_id', '=', soundId)
    .orderBy('s.title')
    .orderBy('l.position')
    .execute();
}

/** A script's cues with what they play, in line order. */
async function listCues(db: Db, scriptId: string) {
  return db
    .selectFrom('sound_cues as c')
    .innerJoin('sounds as s', 's.id', 'c.sound_id')
    .innerJoin('script_lines as l', 'l.id', 'c.line_id')
    .select([
      'c.id',
      'c.line_id',
      'c.at',
      'c.until_line_id',
      'c.volume',
      's.id as sound_id',
      's.title',
      's.type',
      's.file_id',
      's.is_public',
      's.duration_ms',
      's.trim_start_ms',
      's.trim_end_ms',
      's.fade_in_ms',
      's.fade_out_ms',
      's.licence',
      's.attribution',
    ])
    .where('c.script_id', '=', scriptId)
    .orderBy('l.position')
    .orderBy('c.position')
    .execute();
}

/** The lines of a script, id -> position. */
async function scriptLinePositions(db: Db, scriptId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('script_lines').select(['id', 'position']).where('script_id', '=', scriptId).execute();
  return new Map(rows.map((r) => [r.id, Number(r.position)]));
}

/** Sounds among `ids` the viewer may put on a line: their own, or public ones. */
async function usableSoundIds(db: Db, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sounds')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('owner_id', '=', viewerId), eb('is_public', '=', 1)]))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Replaces all of a script's cues in one transaction. */
async function replaceCues(db: Db, scriptId: string, rows: CueRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sound_cues').where('script_id', '=', scriptId).execute();
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('sound_cues').values(rows.slice(i, i + 500)).execute();
  });
}

const queries = {
  insertSound,
  findSound,
  listSounds,
  usedBytes,
  writeWithinQuota,
  updateSound,
  deleteSound,
  findSoundFile,
  fileInUse,
  setPeaks,
  knownPeaks,
  soundUses,
  listCues,
  scriptLinePositions,
  usableSoundIds,
  replaceCues,
};
type SoundsRepository = Repository<typeof queries>;

declare module 'fastify' {
  interface FastifyInstance {
    soundsRepository: SoundsRepository;
  }
}

export default repositoryPlugin('soundsRepository', 'sounds-repository', queries);
