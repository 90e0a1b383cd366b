/**
 * Plain values of classes and assignments. No TypeBox here (the web
 * imports this); the schemas are in ./classes.ts.
 */
export const CLASS_LIMITS = {
  name: 100,
  term: 60,
  description: 2000,
  /** Rows one CSV may create. */
  csvRows: 200,
  csvChars: 40_000,
  studentName: 100,
  instructions: 2000,
  comment: 2000,
} as const;

/** A User ID a teacher gives a student: 3-32 letters, digits, dots, dashes or underscores, starting with a letter or digit. */
export const USER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;

/** Set-password codes: groups of four from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const SETUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SETUP_CODE_DAYS = 30;

type WorkStatus = 'assigned' | 'submitted' | 'returned' | 'complete';

export const WORK_STATUS_LABELS: Record<WorkStatus, string> = {
  assigned: 'To do',
  submitted: 'Submitted',
  returned: 'Returned for another try',
  complete: 'Complete',
};

/** Asked before handing in while lines of the student's role have no take of theirs. */
export const HAND_IN_TEXTS = {
  title: (left: number) => (left === 1 ? 'Hand in with 1 line unrecorded?' : `Hand in with ${left} lines unrecorded?`),
  body: (left: number) =>
    `${left === 1 ? '1 of your lines has' : `${left} of your lines have`} no recording yet. Your teacher hears only what you recorded; you can go back and record ${left === 1 ? 'it' : 'them'} first.`,
  confirm: 'Hand in anyway',
  dismiss: 'Keep recording',
};

export const CLASS_MESSAGES = {
  teachOnly: 'Only teachers can do this. Ask VoxClub staff to give your account the teacher role.',
  classNotFound: 'This class was not found.',
  nameMissing: 'Please give the class a name.',
  archived: 'This class is archived; restore it first.',
  csvEmpty: 'Paste or upload at least one row: name, user id.',
  csvTooMany: `One list may create at most ${200} students.`,
  /** First line of a refused list; the row problems follow, one a line. */
  csvRefused: (n: number) => `${n === 1 ? '1 row needs' : `${n} rows need`} fixing; no account was created.`,
  rowColumns: (row: number) => `Row ${row}: give two columns, name and user id.`,
  rowNameMissing: (row: number) => `Row ${row}: the name is missing.`,
  rowNameLong: (row: number) => `Row ${row}: the name is longer than ${100} characters.`,
  rowUserIdInvalid: (row: number, id: string) =>
    `Row ${row}: "${id}" is not a valid User ID: use 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit.`,
  rowDuplicate: (row: number, id: string, first: number) => `Row ${row}: the User ID "${id}" is already on row ${first}.`,
  rowTaken: (row: number, id: string) => `Row ${row}: the User ID "${id}" is already taken; choose another.`,
  inviteNoMember: 'No member has this email. Create a User ID for them from a list instead.',
  inviteInvalidEmail: 'Please enter a valid email address, like name@example.com.',
  alreadyInClass: 'This member is already in the class.',
  cannotInviteSelf: 'You teach this class; you cannot enrol yourself.',
  studentNotInClass: 'This student is not in the class.',
  assignmentNotFound: 'This assignment was not found.',
  workNotFound: 'This piece of work was not found.',
  scriptNotFound: 'Choose one of your scripts, or a public one.',
  dueInvalid: 'Please give a due date.',
  noSeats: 'Give at least one student a role.',
  seatUnknownStudent: 'Every student given a role must be in the class.',
  seatTwice: 'A student can have only one role in an assignment.',
  roleTakenInGroup: 'Two students of one group cannot read the same role.',
  unknownRole: 'That role is not in the script.',
  notYourWork: 'Only the student it was assigned to can submit it.',
  alreadySubmitted: 'This work is already submitted; wait for your teacher.',
  alreadyComplete: 'This work is already complete.',
  notSubmitted: 'The student has not submitted this work yet.',
  commentMissing: 'Please write a comment.',
  lineNotInScript: 'That line is not in the script.',
  takeNotInSession: 'That take is not in this session.',
  notComplete: 'Certificates are for students who have completed every assignment of the class.',
  noAssignments: 'The class has no assignments yet; a certificate needs completed work.',
  certificateIssued: 'This student already has a certificate for this class.',
  codeInvalid: 'This User ID and code do not match, or the code was used or has expired. Ask your teacher for a new one.',
  passwordSet: 'Your password is set. Log in with your User ID and the new password.',
} as const;
