/**
 * Plain values of the school area: the contact and pilot-programme forms and
 * certificates. No TypeBox here (the web imports this); the schemas are in ./school.ts.
 */
export const FORM_LIMITS = {
  name: 100,
  email: 254,
  topic: 100,
  school: 160,
  role: 100,
  message: 5000,
  /** Requests one address may send in FORM_RATE_WINDOW. */
  perWindow: 5,
} as const;

export const FORM_RATE_WINDOW = '10 minutes';

export const CONTACT_TOPICS = ['General question', 'Membership and billing', 'Schools and classes', 'Report a problem', 'Press and partnerships'] as const;

/** One text per field problem: the forms show them under the field, the server answers them. */
export const FORM_MESSAGES = {
  nameMissing: 'Please tell us your name.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  topicInvalid: 'Please choose a topic.',
  messageMissing: 'Please write your message.',
  messageShort: 'Please write a little more (at least 10 characters).',
  schoolMissing: 'Please give the name of your school.',
  roleMissing: 'Please tell us your role at the school.',
  studentsInvalid: 'Please give the number of students as a whole number from 1 to 10000.',
  contactSent: 'Thank you. Your message has reached the VoxClub team; a copy is on its way to your email and we answer within two working days.',
  pilotSent: 'Thank you for your interest in the pilot program. The VoxClub team has your request; a copy is on its way to your email and we will be in touch within a week.',
  tooManyRequests: 'You have sent several requests in a short time. Please wait a few minutes and try again.',
  staffOnly: 'Only staff can see form requests.',
} as const;

/** The email rule both sides apply. */
export const isEmailAddress = (s: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) && s.length <= FORM_LIMITS.email;

export interface ContactFields {
  name: string;
  email: string;
  topic: string;
  message: string;
}

export interface PilotFields {
  name: string;
  email: string;
  school: string;
  role: string;
  students: number | null;
  message: string;
}

/** The first problem of each field (empty when the form is fine). */
export function contactProblems(f: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const out: Partial<Record<keyof ContactFields, string>> = {};
  if (!f.name.trim()) out.name = FORM_MESSAGES.nameMissing;
  if (!isEmailAddress(f.email.trim())) out.email = FORM_MESSAGES.emailInvalid;
  if (!(CONTACT_TOPICS as readonly string[]).includes(f.topic)) out.topic = FORM_MESSAGES.topicInvalid;
  if (!f.message.trim()) out.message = FORM_MESSAGES.messageMissing;
  else if (f.message.trim().length < 10) out.message = FORM_MESSAGES.messageShort;
  return out;
}

export function pilotProblems(f: PilotFields): Partial<Record<keyof PilotFields, string>> {
  const out: Partial<Record<keyof PilotFields, string>> = {};
  if (!f.name.trim()) out.name = FORM_MESSAGES.nameMissing;
  if (!isEmailAddress(f.email.trim())) out.email = FORM_MESSAGES.emailInvalid;
  if (!f.school.trim()) out.school = FORM_MESSAGES.schoolMissing;
  if (!f.role.trim()) out.role = FORM_MESSAGES.roleMissing;
  if (f.students !== null && !(Number.isInteger(f.students) && f.students >= 1 && f.students <= 10000)) out.students = FORM_MESSAGES.studentsInvalid;
  return out;
}

export const CERTIFICATE_MESSAGES = {
  notFound: 'This certificate was not found. Check the link or the code.',
  issuerOnly: 'Only staff or the teacher who issued it can do this.',
  staffOnly: 'Only staff can issue certificates for events.',
  recipientNotFound: 'No member has this id.',
  notAttended: 'This member has no confirmed seat at this event.',
  courseMissing: 'Please name the course or event the certificate is for.',
  issuerNameMissing: 'Add your name to your profile first: a certificate carries the name of the person who issues it.',
  alreadyIssued: 'This member already has a certificate for this event.',
  issued: 'Certificate issued.',
  revoked: 'Certificate revoked.',
  alreadyRevoked: 'This certificate is already revoked.',
} as const;

export const CERTIFICATE_LIMITS = { course: 160 } as const;
