import type { Db } from '../db/database';
import type { CertificatesTable } from '../db/schema';
import { newId } from '../db/ids';
import { isUniqueViolation } from './db-errors';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** Certificates: issued, listed for their recipient, looked up by id, revoked. */
export type CertificateRow = CertificatesTable;

/** 24 base62 characters (~143 bits): a link nobody can guess. */
const CERTIFICATE_ID_LENGTH = 24;

async function findCertificate(db: Db, id: string): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

async function certificatesOf(db: Db, recipientId: string): Promise<CertificateRow[]> {
  return db.selectFrom('certificates').selectAll().where('recipient_id', '=', recipientId).orderBy('issued_at', 'desc').orderBy('id').execute();
}

/** The new row, or 'duplicate' when the member already has one for this event. */
async function insertCertificate(
  db: Db,
  row: Omit<CertificateRow, 'id' | 'issued_at' | 'revoked_at' | 'revoked_by'>,
): Promise<CertificateRow | 'duplicate'> {
  const certificate: CertificateRow = { ...row, id: newId(CERTIFICATE_ID_LENGTH), issued_at: new Date().toISOString(), revoked_at: null, revoked_by: null };
  try {
    await db.insertInto('certificates').values(certificate).execute();
    return certificate;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** Revokes it once; false when it was already revoked (or is not there). */
async function revokeCertificate(db: Db, id: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: new Date().toISOString(), revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the member held a confirmed seat at the event. */
async function attendedEvent(db: Db, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_registrations')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return Boolean(row);
}

declare module 'fastify' {
  interface FastifyInstance {
    certificatesRepository: CertificatesRepository;
  }
}

const queries = { findCertificate, certificatesOf, insertCertificate, revokeCertificate, attendedEvent };
type CertificatesRepository = Repository<typeof queries>;

export default repositoryPlugin('certificatesRepository', 'certificates-repository', queries);
