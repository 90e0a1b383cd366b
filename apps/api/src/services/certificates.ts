import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CERTIFICATE_MESSAGES, displayName, type Certificate, type CertificateInput, type CertificateList } from '@vox/contract/schemas';
import type { Config } from '../config';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain-errors';
import type { CertificateRow } from '../repositories/certificates';

declare module 'fastify' {
  interface FastifyInstance {
    certificates: CertificatesService;
  }
}

/**
 * Certificates. Anyone holding a certificate's id may see it and whether it is still
 * valid (the id is the capability the verification link and QR code carry); its recipient lists
 * theirs; staff issue them for events (a confirmed seat required) or for a named course, and
 * staff or the issuer revoke them.
 */
interface CertificatesService {
  /** The name a certificate is signed with; refuses (400) an issuer who has not set one. */
  issuerName(me: string): Promise<string>;
  mine(me: string): Promise<CertificateList>;
  get(viewer: string | null, certId: string): Promise<Certificate>;
  issue(me: string, input: CertificateInput): Promise<Certificate>;
  revoke(me: string, certId: string): Promise<Certificate>;
}

async function certificates(app: FastifyInstance, { config }: { config: Config }) {
  const { certificatesRepository: repo, peopleRepository: people } = app;
  const notFound = () => new NotFoundError(CERTIFICATE_MESSAGES.notFound);

  const isStaff = (userId: string | null) => (userId ? app.hasRole(userId, 'staff') : Promise.resolve(false));

  async function shape(row: CertificateRow, viewer: string | null, staff?: boolean): Promise<Certificate> {
    const canRevoke = viewer !== null && !row.revoked_at && (row.issuer_id === viewer || (staff ?? (await isStaff(viewer))));
    return {
      id: row.id,
      recipientName: row.recipient_name,
      course: row.course,
      issuerName: row.issuer_name,
      issuedAt: row.issued_at,
      status: row.revoked_at ? 'revoked' : 'valid',
      revokedAt: row.revoked_at,
      verifyUrl: `${config.publicUrl}/certificate/${row.id}`,
      canRevoke,
    };
  }

  const personOf = async (userId: string) => (await people.peopleById([userId])).get(userId);

  /** The issuer's own name, as printed on a certificate: a handle or "Guest" will not do. */
  async function issuerName(userId: string): Promise<string> {
    const name = (await personOf(userId))?.name?.trim();
    if (!name) throw new BadRequestError(CERTIFICATE_MESSAGES.issuerNameMissing);
    return name;
  }

  /** The recipient's name as others see it; null when there is no such member. */
  async function nameOf(userId: string): Promise<string | null> {
    const person = await personOf(userId);
    return person ? displayName(person) : null;
  }

  app.decorate('certificates', {
    issuerName,
    async mine(me) {
      const rows = await repo.certificatesOf(me);
      const staff = await isStaff(me);
      return { certificates: await Promise.all(rows.map((r) => shape(r, me, staff))) };
    },

    async get(viewer, certId) {
      const row = await repo.findCertificate(certId);
      if (!row) throw notFound();
      return shape(row, viewer);
    },

    async issue(me, input) {
      if (!(await isStaff(me))) throw new ForbiddenError(CERTIFICATE_MESSAGES.staffOnly);
      const issuer = await issuerName(me);
      const recipientName = await nameOf(input.recipientId);
      if (!recipientName) throw new NotFoundError(CERTIFICATE_MESSAGES.recipientNotFound);
      let course = input.course?.trim() ?? '';
      if (input.eventId) {
        const event = await app.eventsRepository.findEvent(input.eventId);
        if (!event) throw new NotFoundError('This event was not found.');
        if (!(await repo.attendedEvent(event.id, input.recipientId))) throw new BadRequestError(CERTIFICATE_MESSAGES.notAttended);
        course = course || event.title;
      }
      if (!course) throw new BadRequestError(CERTIFICATE_MESSAGES.courseMissing);
      const row = await repo.insertCertificate({
        recipient_id: input.recipientId,
        recipient_name: recipientName,
        course,
        event_id: input.eventId ?? null,
        class_id: null,
        issuer_id: me,
        issuer_name: issuer,
      });
      if (row === 'duplicate') throw new ConflictError(CERTIFICATE_MESSAGES.alreadyIssued);
      return shape(row, me, true);
    },

    async revoke(me, certId) {
      const row = await repo.findCertificate(certId);
      if (!row) throw notFound();
      if (row.issuer_id !== me && !(await isStaff(me))) throw new ForbiddenError(CERTIFICATE_MESSAGES.issuerOnly);
      if (!(await repo.revokeCertificate(certId, me))) throw new ConflictError(CERTIFICATE_MESSAGES.alreadyRevoked);
      const fresh = await repo.findCertificate(certId);
      if (!fresh) throw notFound();
      return shape(fresh, me);
    },
  } satisfies CertificatesService);
}

export default fp(certificates, { name: 'certificates', dependencies: ['certificates-repository', 'people-repository', 'events-repository', 'authorization'] });
