import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { CLASS_MESSAGES, type ClassDetail } from '@vox/contract/school';
import { assignmentWork as work, createFakeServer, json, pageTitle, person, renderRoutes, teacher } from '@vox/testing';
import { AssignmentPage } from './assignment-page/assignment-page';
import { ClassPage } from './class-page/class-page';
import { SchoolHomePage } from './school-home-page/school-home-page';
import { SetPasswordPage } from './set-password-page/set-password-page';

const TYPING_TIMEOUT = 30_000;
const pages = { '/': <SchoolHomePage />, '/classes/:classId': <ClassPage />, '/assignments/:assignmentId': <AssignmentPage />, '/set-password': <SetPasswordPage /> };
const student: User = { id: 's1', handle: null, name: 'Ana Ames', photo: null, role: { name: 'member', privileges: [] }, classes: ['c1'] };

const cls = (over: Partial<ClassDetail> = {}): ClassDetail => ({
  id: 'c1',
  name: 'Drama 9B',
  term: 'Spring 2027',
  description: 'Reading Wilde aloud.',
  teacher: person('t1', 'Morgan Rivera'),
  teaching: true,
  archived: false,
  studentCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  students: [{ person: person('s1', 'Ana Ames'), loginId: 'ana.ames', passwordSet: false, joinedAt: '2026-11-01T10:00:00.000Z' }],
  assignments: [],
  certificates: [],
  ...over,
});


afterEach(() => authStore.clear());

describe('/classes/{classId} (teacher)', () => {
  it(
    'lists every problem of a refused CSV, then shows the sign-in sheet of the created accounts',
    async () => {
      const server = createFakeServer({ token: 't' }).on('schoolClass', () => json(200, cls()));
      server.on('scripts', () => json(200, { items: [], total: 0, page: 1, pageSize: 100 }));
      let calls = 0;
      server.on('enrolFromCsv', () => {
        calls += 1;
        return calls === 1
          ? json(400, { message: [CLASS_MESSAGES.csvRefused(1), CLASS_MESSAGES.rowNameMissing(2)].join('\n') })
          : json(201, { created: [{ id: 's2', name: 'Ben Bo', loginId: 'ben.bo', code: 'ABCD-EFGH', expiresAt: '2026-12-31T00:00:00.000Z' }] });
      });
      renderRoutes(pages, { route: '/classes/c1', user: teacher });
      expect(await screen.findByRole('heading', { level: 1, name: 'Drama 9B' })).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Ana Ames/ })).toHaveTextContent('ana.ames (no password yet)');

      await userEvent.type(screen.getByLabelText('Students (CSV)'), ',nobody');
      await userEvent.click(screen.getByRole('button', { name: 'Create accounts' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('1 row needs fixing; no account was created.');
      expect(within(alert).getByRole('listitem')).toHaveTextContent('Row 2: the name is missing.');

      await userEvent.clear(screen.getByLabelText('Students (CSV)'));
      await userEvent.type(screen.getByLabelText('Students (CSV)'), 'Ben Bo,ben.bo');
      await userEvent.click(screen.getByRole('button', { name: 'Create accounts' }));
      const sheet = await screen.findByRole('region', { name: 'Sign-in sheet' });
      expect(sheet).toHaveTextContent('Ben Bo');
      expect(sheet).toHaveTextContent('ben.bo');
      expect(sheet).toHaveTextContent('ABCD-EFGH');
      expect(sheet).toHaveTextContent('/set-password?user=ben.bo&code=ABCD-EFGH');
    },
    TYPING_TIMEOUT,
  );

  it('shows a student classmates by name only and their own assignments', async () => {
    createFakeServer({ token: 't' }).on('schoolClass', () =>
      json(
        200,
        cls({
          teaching: false,
          students: [
            { person: person('s1', 'Ana Ames'), loginId: null, passwordSet: null, joinedAt: '2026-11-01T10:00:00.000Z' },
            { person: person('s2', 'Ben Bo'), loginId: null, passwordSet: null, joinedAt: '2026-11-01T10:00:00.000Z' },
          ],
          assignments: [
            {
              id: 'a1',
              classId: 'c1',
              className: 'Drama 9B',
              scriptId: 'x1',
              scriptTitle: 'The Importance of Being Earnest',
              instructions: '',
              dueAt: '2027-03-05T17:00:00.000Z',
              createdAt: '2026-11-01T10:00:00.000Z',
              counts: null,
              mine: { workId: 'w1', sessionId: 'sess1', role: 'ALGERNON', status: 'returned' },
            },
          ],
        }),
      ),
    );
    renderRoutes(pages, { route: '/classes/c1', user: student });
    const mates = await screen.findByRole('region', { name: 'Classmates' });
    expect(within(mates).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana Ames', 'Ben Bo']);
    const mine = screen.getByRole('region', { name: 'Your assignments' });
    expect(within(mine).getByRole('link', { name: 'The Importance of Being Earnest' })).toHaveAttribute('href', '/assignments/a1');
    expect(mine).toHaveTextContent('Returned for another try');
    expect(screen.queryByRole('button', { name: 'Create accounts' })).not.toBeInTheDocument();
  });

  it('says the class is not there when the API answers 404', async () => {
    createFakeServer({ token: 't' }).on('schoolClass', () => json(404, { message: CLASS_MESSAGES.classNotFound }));
    renderRoutes(pages, { route: '/classes/c9', user: student });
    expect(await screen.findByText(CLASS_MESSAGES.classNotFound)).toBeInTheDocument();
  });
});

describe('school home', () => {
  it("lists a student's work due and the feedback with the teacher's comment on a line", async () => {
    createFakeServer({ token: 't' }).on('schoolHome', () =>
      json(200, {
        teaching: false,
        classes: [],
        due: [work()],
        feedback: [
          work({
            id: 'w2',
            status: 'complete',
            canSubmit: false,
            comments: [{ id: 'k1', author: person('t1', 'Morgan Rivera'), body: 'Lift the question.', lineId: 'l1', lineText: 'Did you hear?', takeId: 't1', atMs: 800, createdAt: '2026-11-02T10:00:00.000Z' }],
          }),
        ],
        review: [],
      }),
    );
    renderRoutes(pages, { route: '/', user: student });
    expect(pageTitle()).toHaveTextContent('Welcome back, Ana');
    const due = await screen.findByRole('region', { name: 'Due' });
    expect(due).toHaveTextContent('You read ALGERNON · Drama 9B');
    expect(within(due).getByRole('link', { name: 'Open the reading: The Importance of Being Earnest' })).toHaveAttribute('href', '/session/sess1');
    const feedback = screen.getByRole('region', { name: 'Feedback' });
    expect(feedback).toHaveTextContent('Did you hear? at 0.8 s');
    expect(feedback).toHaveTextContent('Lift the question.');
    expect(feedback).toHaveTextContent('Complete');
  });

  it("lists a teacher's submitted work under Needs review", async () => {
    createFakeServer({ token: 't' }).on('schoolHome', () =>
      json(200, { teaching: true, classes: [], due: [], feedback: [], review: [work({ status: 'submitted', canReview: true, canSubmit: false })] }),
    );
    renderRoutes(pages, { route: '/', user: teacher });
    const review = await screen.findByRole('region', { name: 'Needs review' });
    expect(review).toHaveTextContent('Ana Ames as ALGERNON');
    expect(within(review).getByRole('link', { name: 'Listen and review: The Importance of Being Earnest, Ana Ames' })).toHaveAttribute('href', '/session/sess1');
  });
});

describe('/set-password', () => {
  it(
    'checks the fields, sends the User ID and code from the link, and shows the server text',
    async () => {
      let sent: unknown;
      createFakeServer().on('setPasswordWithCode', ({ body }) => {
        sent = body;
        return json(200, { message: CLASS_MESSAGES.passwordSet });
      });
      renderRoutes(pages, { route: '/set-password?user=ana.ames&code=ABCD-EFGH', user: null });
      await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
      expect(screen.getByText('Your password needs to contain at least 6 characters.')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'wilde-words');
      await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
      expect(await screen.findByText(CLASS_MESSAGES.passwordSet)).toBeInTheDocument();
      expect(sent).toEqual({ userId: 'ana.ames', code: 'ABCD-EFGH', password: 'wilde-words' });
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    },
    TYPING_TIMEOUT,
  );
});

describe('the assignment page, for the student', () => {
  const summary = {
    id: 'a1',
    classId: 'c1',
    className: 'Drama 9B',
    scriptId: 'sc1',
    scriptTitle: 'The Importance of Being Earnest',
    instructions: '',
    dueAt: '2027-03-05T17:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    counts: null,
    mine: { workId: 'w1', sessionId: 'sess1', role: 'ALGERNON', status: 'assigned' as const },
  };

  it('says how many lines are unrecorded before handing in, and hands in only when asked to', async () => {
    let current = work({ linesLeft: 1 });
    const server = createFakeServer({ token: 't' }).on('assignment', () => json(200, { assignment: summary, works: [current] }));
    server.on('submitWork', () => {
      current = { ...current, status: 'submitted', canSubmit: false, submittedAt: '2026-11-02T10:00:00.000Z' };
      return json(200, current);
    });
    renderRoutes(pages, { route: '/assignments/a1', user: student });
    await userEvent.click(await screen.findByRole('button', { name: 'Hand in' }));
    const ask = await screen.findByRole('dialog', { name: 'Hand in with 1 line unrecorded?' });
    expect(ask).toHaveTextContent('1 of your lines has no recording yet. Your teacher hears only what you recorded; you can go back and record it first.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep recording' }));
    expect(server.calls.filter((c) => c.name === 'submitWork')).toHaveLength(0);

    // Recorded in the reader meanwhile: counted again at the click, so it hands in at once.
    current = { ...current, linesLeft: 0 };
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Handed in. Your teacher listens and replies; you get a message.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'submitWork')).toHaveLength(1);
  });
});
