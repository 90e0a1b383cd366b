import Type from 'typebox';
import { IdParam, Person } from './common';
import { CLASS_LIMITS } from './classes-values';

/** Classes, enrolment, assignments on recorded reads and their review. */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

const WorkStatusSchema = Type.Union([Type.Literal('assigned'), Type.Literal('submitted'), Type.Literal('returned'), Type.Literal('complete')]);

export const ClassParams = Type.Object({ classId: IdParam });
export type ClassParams = Type.Static<typeof ClassParams>;
export const ClassStudentParams = Type.Object({ classId: IdParam, userId: IdParam });
export type ClassStudentParams = Type.Static<typeof ClassStudentParams>;
export const AssignmentParams = Type.Object({ assignmentId: IdParam });
export type AssignmentParams = Type.Static<typeof AssignmentParams>;
export const WorkParams = Type.Object({ workId: IdParam });
export type WorkParams = Type.Static<typeof WorkParams>;
export const SessionWorkParams = Type.Object({ sessionId: IdParam });
export type SessionWorkParams = Type.Static<typeof SessionWorkParams>;

export const ClassInput = Type.Object({
  name: Type.String({ maxLength: CLASS_LIMITS.name }),
  term: Type.String({ maxLength: CLASS_LIMITS.term }),
  description: Type.String({ maxLength: CLASS_LIMITS.description }),
});
export type ClassInput = Type.Static<typeof ClassInput>;

export const ClassUpdate = Type.Object({ archived: Type.Boolean() });
export type ClassUpdate = Type.Static<typeof ClassUpdate>;

/** A class as lists show it; `teaching` when the caller is its teacher. */
export const ClassSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  term: Type.String(),
  description: Type.String(),
  teacher: Person,
  teaching: Type.Boolean(),
  archived: Type.Boolean(),
  studentCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
});
export type ClassSummary = Type.Static<typeof ClassSummary>;
export const ClassList = Type.Object({ classes: Type.Array(ClassSummary) });
export type ClassList = Type.Static<typeof ClassList>;

/** A student as the teacher sees them (with the User ID); classmates see only `person`. */
export const ClassStudent = Type.Object({
  person: Person,
  /** The teacher only: the User ID to sign in with, and whether a password was set. */
  loginId: Nullable(Type.String()),
  passwordSet: Nullable(Type.Boolean()),
  joinedAt: Type.String(),
});
export type ClassStudent = Type.Static<typeof ClassStudent>;

export const AssignmentSummary = Type.Object({
  id: Type.String(),
  classId: Type.String(),
  className: Type.String(),
  scriptId: Type.String(),
  scriptTitle: Type.String(),
  instructions: Type.String(),
  dueAt: Type.String(),
  createdAt: Type.String(),
  /** The teacher: how many pieces of work are in each state. The student: null. */
  counts: Nullable(Type.Object({ assigned: Type.Integer(), submitted: Type.Integer(), returned: Type.Integer(), complete: Type.Integer() })),
  /** The student: my piece of work. The teacher: null. */
  mine: Nullable(Type.Object({ workId: Type.String(), sessionId: Type.String(), role: Type.String(), status: WorkStatusSchema })),
});
export type AssignmentSummary = Type.Static<typeof AssignmentSummary>;

const ClassCertificate = Type.Object({ id: Type.String(), recipientId: Nullable(Type.String()), recipientName: Type.String(), issuedAt: Type.String(), status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]) });
type ClassCertificate = Type.Static<typeof ClassCertificate>;

export const ClassDetail = Type.Object({
  ...ClassSummary.properties,
  students: Type.Array(ClassStudent),
  assignments: Type.Array(AssignmentSummary),
  /** The teacher: the class's certificates. The student: mine. */
  certificates: Type.Array(ClassCertificate),
});
export type ClassDetail = Type.Static<typeof ClassDetail>;

export const CsvEnrolInput = Type.Object({ csv: Type.String({ maxLength: CLASS_LIMITS.csvChars }) });
export type CsvEnrolInput = Type.Static<typeof CsvEnrolInput>;
/** Each new account with its one-time set-password code (shown once: the teacher prints it). */
export const CreatedStudent = Type.Object({ id: Type.String(), name: Type.String(), loginId: Type.String(), code: Type.String(), expiresAt: Type.String() });
export type CreatedStudent = Type.Static<typeof CreatedStudent>;
export const CsvEnrolResult = Type.Object({ created: Type.Array(CreatedStudent) });
export type CsvEnrolResult = Type.Static<typeof CsvEnrolResult>;

export const InviteInput = Type.Object({ email: Type.String({ maxLength: 254 }) });
export type InviteInput = Type.Static<typeof InviteInput>;

export const NewSetupCode = Type.Object({ student: CreatedStudent });
export type NewSetupCode = Type.Static<typeof NewSetupCode>;

export const SetPasswordInput = Type.Object({
  userId: Type.String({ maxLength: 64 }),
  code: Type.String({ maxLength: 32 }),
  password: Type.String({ maxLength: 200 }),
});
export type SetPasswordInput = Type.Static<typeof SetPasswordInput>;
export const SetPasswordResult = Type.Object({ message: Type.String() });

/** One reader's seat in an assignment; students with the same `group` read one session together. */
const AssignmentSeat = Type.Object({
  studentId: IdParam,
  role: Type.String({ minLength: 1, maxLength: 100 }),
  group: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export const AssignmentInput = Type.Object({
  scriptId: IdParam,
  instructions: Type.String({ maxLength: CLASS_LIMITS.instructions }),
  dueAt: Type.String({ maxLength: 40 }),
  seats: Type.Array(AssignmentSeat, { maxItems: 500 }),
});
export type AssignmentInput = Type.Static<typeof AssignmentInput>;

export const WorkComment = Type.Object({
  id: Type.String(),
  author: Person,
  body: Type.String(),
  lineId: Nullable(Type.String()),
  /** The line's text, so feedback reads on its own in Messages and lists. */
  lineText: Nullable(Type.String()),
  takeId: Nullable(Type.String()),
  atMs: Nullable(Type.Integer({ minimum: 0 })),
  createdAt: Type.String(),
});
export type WorkComment = Type.Static<typeof WorkComment>;

/** One student's piece of work on an assignment. */
export const Work = Type.Object({
  id: Type.String(),
  assignmentId: Type.String(),
  classId: Type.String(),
  className: Type.String(),
  scriptTitle: Type.String(),
  instructions: Type.String(),
  dueAt: Type.String(),
  student: Person,
  role: Type.String(),
  sessionId: Type.String(),
  status: WorkStatusSchema,
  submittedAt: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  comments: Type.Array(WorkComment),
  /** The caller is the class's teacher (may comment, return, complete). */
  canReview: Type.Boolean(),
  /** The caller is the student and may submit now. */
  canSubmit: Type.Boolean(),
  /** Dialogue lines of the student's role that have no take of theirs in the session yet. */
  linesLeft: Type.Integer({ minimum: 0 }),
});
export type Work = Type.Static<typeof Work>;
export const WorkList = Type.Object({ works: Type.Array(Work) });
export type WorkList = Type.Static<typeof WorkList>;

export const AssignmentDetail = Type.Object({ assignment: AssignmentSummary, works: Type.Array(Work) });
export type AssignmentDetail = Type.Static<typeof AssignmentDetail>;

export const CommentInput = Type.Object({
  body: Type.String({ maxLength: CLASS_LIMITS.comment }),
  lineId: Type.Optional(Nullable(IdParam)),
  takeId: Type.Optional(Nullable(IdParam)),
  atMs: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 24 * 3600_000 }))),
});
export type CommentInput = Type.Static<typeof CommentInput>;

export const ReviewInput = Type.Object({
  decision: Type.Union([Type.Literal('returned'), Type.Literal('complete')]),
  message: Type.Optional(Type.String({ maxLength: CLASS_LIMITS.comment })),
});
export type ReviewInput = Type.Static<typeof ReviewInput>;

export const ClassCertificateInput = Type.Object({ studentId: IdParam });
export type ClassCertificateInput = Type.Static<typeof ClassCertificateInput>;

/** The school site's / for a signed-in school user. */
export const SchoolHome = Type.Object({
  teaching: Type.Boolean(),
  classes: Type.Array(ClassSummary),
  /** A student's work still to do or returned, soonest due first. */
  due: Type.Array(Work),
  /** A student's work with feedback (returned or complete), newest first. */
  feedback: Type.Array(Work),
  /** A teacher's submitted work waiting for review, oldest first. */
  review: Type.Array(Work),
});
export type SchoolHome = Type.Static<typeof SchoolHome>;
