import Type from 'typebox';
import { FORM_LIMITS } from './school-values';

/**
 * The contact and pilot-programme forms (issue 18). `website` is a honeypot: people never see
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

export const FormRequest = Type.Object({
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
export type FormRequest = Type.Static<typeof FormRequest>;
export const FormRequestList = Type.Object({ requests: Type.Array(FormRequest) });
export type FormRequestList = Type.Static<typeof FormRequestList>;
