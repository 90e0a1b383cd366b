import type { Draft, Person, User } from '@vox/contract';
import type { Work } from '@vox/contract/school';

/** A person as answers name one: no handle, no photo. */
export const person = (id: string, name: string): Person => ({ id, handle: null, name, photo: null });

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

/** Draft d1, "Ferry", holding `body` at `revision` (the drafts editor's autosave and local copy tests). */
export const draftAt = (body: string, revision: number): Draft => ({
  id: 'd1',
  title: 'Ferry',
  revision,
  body,
  wordCount: 0,
  pageEstimate: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});
