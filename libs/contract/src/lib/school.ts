import Type from 'typebox';
import { CERTIFICATE_LIMITS, FORM_LIMITS } from './school-values';

/**
 * The contact and pilot-programme forms. `website` is a honeypot: people never see
 * it, so a request that fills it in is a bot's and is answered as if sent, then dropped.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ContactInput = Type.Object({
  name: Type.String({ maxLength: FORM_LIMITS.name }),
  email: Type.String({ maxLength: FORM_LIMITS.email }),
  topic: Type.String({ maxLength: FORM_LIMITS.topic }),
  message: Type.String({ maxLength: FORM_LIMITS.message }),
  website: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ContactInput = Type.Static<typeof ContactInput>;

export const PilotInput = Type.Object({
  name: Type.String({ maxLength: FORM_LIMITS.name }),
  email: Type.String({ maxLength: FORM_LIMITS.email }),
  school: Type.String({ maxLength: FORM_LIMITS.school }),
  role: Type.String({ maxLength: FORM_LIMITS.role }),
  students: Nullable(Type.Integer()),
  message: Type.String({ maxLength: FORM_LIMITS.message }),
  website: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PilotInput = Type.Static<typeof PilotInput>;

export const FormSent = Type.Object({ message: Type.String() });
export type FormSent = Type.Static<typeof FormSent>;

export const FormRequestsQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('contact'), Type.Literal('pilot')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

const FormRequest = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('contact'), Type.Literal('pilot')]),
  name: Type.String(),
  email: Type.String(),
  /** The other fields as sent (topic, message; school, role, students). */
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  /** The signed-in member who sent it, if any. */
  userId: Nullable(Type.String()),
  createdAt: Type.String(),
});
type FormRequest = Type.Static<typeof FormRequest>;
export const FormRequestList = Type.Object({ requests: Type.Array(FormRequest) });
export type FormRequestList = Type.Static<typeof FormRequestList>;

// --- Certificates ---
export const CertificateParams = Type.Object({ certId: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9]+$' }) });
export type CertificateParams = Type.Static<typeof CertificateParams>;

export const Certificate = Type.Object({
  id: Type.String(),
  recipientName: Type.String(),
  course: Type.String(),
  issuerName: Type.String(),
  issuedAt: Type.String(),
  status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  /** The public page anyone can open to check it (the QR code's target). */
  verifyUrl: Type.String(),
  /** Whether the caller may revoke it (staff or its issuer). */
  canRevoke: Type.Boolean(),
});
export type Certificate = Type.Static<typeof Certificate>;

export const CertificateList = Type.Object({ certificates: Type.Array(Certificate) });
export type CertificateList = Type.Static<typeof CertificateList>;

export const CertificateInput = Type.Object({
  recipientId: Type.String({ minLength: 1, maxLength: 64 }),
  /** For an event: the member must have had a confirmed seat; the course is the event's title. */
  eventId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Otherwise the course's name (staff). */
  course: Type.Optional(Type.String({ maxLength: CERTIFICATE_LIMITS.course })),
});
export type CertificateInput = Type.Static<typeof CertificateInput>;
