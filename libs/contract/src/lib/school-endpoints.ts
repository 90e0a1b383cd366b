// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The school area's calls: the contact and pilot forms, certificates, classes and
 * assignments. Web: @vox/contract/school.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const schoolEndpoints = named({
  /** /contact: stored, mailed to the team and a copy to the sender; rate-limited per address. */
  submitContact: { method: 'POST', path: '/api/forms/contact', auth: 'optional' },
  /** /pilot_program/id: the same for a school's pilot-programme request. */
  submitPilot: { method: 'POST', path: '/api/forms/pilot', auth: 'optional' },
  /** The certificates issued to me, newest first. */
  myCertificates: { method: 'GET', path: '/api/certificates', auth: 'user' },
  /** Anyone holding the (long, random) id: the printable page and the public verification. */
  certificate: { method: 'GET', path: '/api/certificates/:certId', auth: 'optional' },
  /** Staff or the issuer. */
  revokeCertificate: { method: 'POST', path: '/api/certificates/:certId/revoke', auth: 'user' },
  /** A signed-in school user's / : my classes, work due and feedback, or (teachers) work to review. */
  schoolHome: { method: 'GET', path: '/api/school/home', auth: 'user' },
  /** The classes I teach or am in; archived ones too. */
  classes: { method: 'GET', path: '/api/school/classes', auth: 'user' },
  createClass: { method: 'POST', path: '/api/school/classes', auth: 'teach' },
  /** Its teacher or one of its students; anyone else: 404. */
  schoolClass: { method: 'GET', path: '/api/school/classes/:classId', auth: 'user' },
  /** The teacher: archive or restore. */
  updateClass: { method: 'PATCH', path: '/api/school/classes/:classId', auth: 'teach' },
  /** The teacher: User ID accounts from CSV (name, user id), all or none, each with a set-password code. */
  enrolFromCsv: { method: 'POST', path: '/api/school/classes/:classId/students', auth: 'teach' },
  /** The teacher: adds an existing member by email; they get a message. */
  inviteToClass: { method: 'POST', path: '/api/school/classes/:classId/invitations', auth: 'teach' },
  removeFromClass: { method: 'DELETE', path: '/api/school/classes/:classId/students/:userId', auth: 'teach' },
  /** The teacher: a new set-password code for a student whose account the class created. */
  newSetupCode: { method: 'POST', path: '/api/school/classes/:classId/students/:userId/code', auth: 'teach' },
  /** A student with a User ID sets a password with the code their teacher gave them. */
  setPasswordWithCode: { method: 'POST', path: '/api/school/set-password', auth: 'public' },
  /** The teacher: a script, a role per student (students with a group number share a session), a due date. */
  createAssignment: { method: 'POST', path: '/api/school/classes/:classId/assignments', auth: 'teach' },
  /** The teacher: every student's work; a student: their own. */
  assignment: { method: 'GET', path: '/api/school/assignments/:assignmentId', auth: 'user' },
  /** The reader: the work tied to a session (the teacher: every student's in it; a student: theirs). */
  sessionWork: { method: 'GET', path: '/api/school/sessions/:sessionId/work', auth: 'user' },
  submitWork: { method: 'POST', path: '/api/school/work/:workId/submit', auth: 'user' },
  /** The teacher: a comment on the work, a line, or a time in a take. */
  commentOnWork: { method: 'POST', path: '/api/school/work/:workId/comments', auth: 'teach' },
  /** The teacher: return for another try or mark complete; the student gets a message. */
  reviewWork: { method: 'POST', path: '/api/school/work/:workId/review', auth: 'teach' },
  /** The teacher: a certificate for a student who completed every assignment (revoke: revokeCertificate). */
  issueClassCertificate: { method: 'POST', path: '/api/school/classes/:classId/certificates', auth: 'teach' },
});
