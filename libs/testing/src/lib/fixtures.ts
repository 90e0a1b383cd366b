import type { Person, Script, SessionDetail, User } from '@vox/contract';
import type { Work } from '@vox/contract/school';

/** A person as answers name one: no handle, no photo. */
export const person = (id: string, name: string): Person => ({ id, handle: null, name, photo: null });

/** A member (no privileges, no classes) as the session store holds one. */
export const member = (id: string, name: string, handle: string | null = null): User => ({ id, handle, name, photo: null, role: { name: 'member', privileges: [] }, classes: [] });

/** Script sc1, "Night Bus", Ada's (u1), private and editable, without roles or lines; `over` sets what a test is about. */
export const scriptAt = (over: Partial<Script> = {}): Script => ({
  id: 'sc1',
  title: 'Night Bus',
  synopsis: '',
  genre: '',
  language: 'en',
  cover: null,
  visibility: 'private',
  isFree: false,
  owner: person('u1', 'Ada'),
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  canEdit: true,
  roles: [],
  lines: [],
  ...over,
});

const GRACE_STARTED = '2026-11-21T09:00:00.000Z';

/**
 * Table read se1 of Grace's (u2) script "Earnest" (one role, LANE), started by her, with no takes;
 * `over` sets who is in it and what they read.
 */
export const sessionAt = (over: Partial<SessionDetail> = {}): SessionDetail => ({
  id: 'se1',
  createdAt: GRACE_STARTED,
  createdBy: 'u2',
  script: scriptAt({ title: 'Earnest', owner: person('u2', 'Grace'), createdAt: GRACE_STARTED, updatedAt: GRACE_STARTED, roles: [{ name: 'LANE', description: '' }] }),
  participants: [],
  me: { userId: 'u2', role: null },
  takes: [],
  ...over,
});

/** Morgan Rivera, who teaches class c1 (`teach` privilege). */
export const teacher: User = { id: 't1', handle: null, name: 'Morgan Rivera', photo: null, role: { name: 'teacher', privileges: ['teach'] }, classes: ['c1'] };

/**
 * Ana Ames's work on the Drama 9B assignment of "The Importance of Being Earnest" (class c1),
 * assigned, every line recorded and not yet handed in; `over` sets what a test is about.
 */
export const assignmentWork = (over: Partial<Work> = {}): Work => ({
  id: 'w1',
  assignmentId: 'a1',
  classId: 'c1',
  className: 'Drama 9B',
  scriptTitle: 'The Importance of Being Earnest',
  instructions: '',
  dueAt: '2027-03-05T17:00:00.000Z',
  student: person('s1', 'Ana Ames'),
  role: 'ALGERNON',
  sessionId: 'sess1',
  status: 'assigned',
  submittedAt: null,
  reviewedAt: null,
  comments: [],
  canReview: false,
  canSubmit: true,
  linesLeft: 0,
  ...over,
});

