import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import type { SessionDetail } from '@vox/contract';
import type { Work } from '@vox/contract/school';
import { assignmentWork, createFakeServer, json, person, renderPage, sessionAt, teacher } from '@vox/testing';
import { SessionAssignment } from './session-assignment';


const session: SessionDetail = sessionAt({
  createdBy: 's1',
  script: {
    ...sessionAt().script,
    title: 'The Importance of Being Earnest',
    genre: 'Comedy',
    owner: person('t1', 'Morgan Rivera'),
    roles: [
      { name: 'ALGERNON', description: '' },
      { name: 'LANE', description: '' },
    ],
    lines: [
      { id: 'l1', kind: 'dialogue', role: 'ALGERNON', parenthetical: null, text: 'Did you hear what I was playing, Lane?' },
      { id: 'l2', kind: 'dialogue', role: 'LANE', parenthetical: null, text: "I didn't think it polite to listen, sir." },
    ],
  },
  participants: [
    { user: person('s1', 'Ana Ames'), role: 'ALGERNON', joinedAt: '2026-11-21T09:00:00.000Z' },
    { user: person('t1', 'Morgan Rivera'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' },
  ],
  me: { userId: 't1', role: null },
  takes: [
    { id: 'tk1', lineId: 'l1', userId: 's1', clientId: 'c-1', audio: 'a'.repeat(64), contentType: 'audio/webm', byteSize: 2048, durationMs: 1500, picked: true, createdAt: '2026-11-21T10:00:00.000Z' },
  ],
});

// The student's work as the teacher reviews it: handed in on the session se1.
const work = (over: Partial<Work> = {}): Work =>
  assignmentWork({
    instructions: 'Mind the pauses.',
    sessionId: 'se1',
    status: 'submitted',
    submittedAt: '2026-11-21T11:00:00.000Z',
    canReview: true,
    canSubmit: false,
    ...over,
  });

afterEach(() => authStore.clear());

describe('the reader assignment panel', () => {
  it('shows nothing for a session that is not an assignment', async () => {
    const server = createFakeServer({ token: 't' }).on('sessionWork', () => json(200, { works: [] }));
    const { container } = renderPage(<SessionAssignment session={session} audioRef={{ current: null }} />, { route: '/session/se1', path: '/session/:sessionId', user: teacher });
    await waitFor(() => expect(server.calls.some((c) => c.name === 'sessionWork')).toBe(true));
    expect(container.querySelector('.vox-assignment')).toBeNull();
  });

  it(
    "lets the teacher comment on a line at a time in the student's take, then mark the work complete",
    async () => {
      let current = work();
      let comment: unknown;
      const server = createFakeServer({ token: 't' }).on('sessionWork', () => json(200, { works: [current] }));
      server.on('commentOnWork', ({ body }) => {
        comment = body;
        current = work({ comments: [{ id: 'k1', author: person('t1', 'Morgan Rivera'), body: 'Lift the question.', lineId: 'l1', lineText: session.script.lines[0].text, takeId: 'tk1', atMs: 800, createdAt: '2026-11-21T12:00:00.000Z' }] });
        return json(201, current);
      });
      server.on('reviewWork', ({ body }) => {
        expect(body).toEqual({ decision: 'complete' });
        current = { ...current, status: 'complete' };
        return json(200, current);
      });
      renderPage(<SessionAssignment session={session} audioRef={{ current: null }} />, { route: '/session/se1', path: '/session/:sessionId', user: teacher });
      expect(await screen.findByText('Assignment: Ana Ames reads ALGERNON · Drama 9B')).toBeInTheDocument();
      const form = screen.getByRole('form', { name: "Comment on Ana Ames's reading" });
      // Only the student's role's lines, and only their takes of the chosen line.
      const lines = within(form).getByLabelText('Line');
      expect(within(lines).getAllByRole('option').map((o) => o.textContent)).toEqual(['The whole reading', '1. Did you hear what I was playing, Lane?']);
      await userEvent.selectOptions(lines, 'l1');
      await userEvent.selectOptions(within(form).getByLabelText('Take'), 'tk1');
      await userEvent.type(within(form).getByLabelText('At (seconds)'), '0.8');
      await userEvent.type(within(form).getByLabelText('Comment'), 'Lift the question.');
      await userEvent.click(within(form).getByRole('button', { name: 'Add comment' }));
      expect(await screen.findByText('Lift the question.')).toBeInTheDocument();
      expect(comment).toEqual({ body: 'Lift the question.', lineId: 'l1', takeId: 'tk1', atMs: 800 });
      expect(screen.getByText(/\(at 0\.8 s in the take\)/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
      expect(await screen.findByText('Complete')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument();
    },
    30_000,
  );

  it('lets the student hand the work in', async () => {
    let current = work({ canReview: false, canSubmit: true, status: 'returned' });
    const server = createFakeServer({ token: 't' }).on('sessionWork', () => json(200, { works: [current] }));
    server.on('submitWork', () => {
      current = { ...current, status: 'submitted', canSubmit: false };
      return json(200, current);
    });
    renderPage(<SessionAssignment session={session} audioRef={{ current: null }} />, { route: '/session/se1', path: '/session/:sessionId', user: { ...teacher, id: 's1' } });
    const handIn = await screen.findByRole('button', { name: 'Hand in to your teacher' });
    // No feedback yet, but something to do: the panel is open, so the button shows in a browser.
    const panel = handIn.closest('details') as HTMLDetailsElement;
    expect(panel.open).toBe(true);
    await userEvent.click(handIn);
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    // It stays as the student left it once the work changed.
    expect(panel.open).toBe(true);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks before handing in with lines unrecorded, counted by the server at the click: keeping on recording sends nothing', async () => {
    // The panel loaded with every line recorded; two were added to the role since.
    let current = work({ canReview: false, canSubmit: true, status: 'assigned', linesLeft: 0 });
    const server = createFakeServer({ token: 't' }).on('sessionWork', () => json(200, { works: [current] }));
    server.on('submitWork', () => {
      current = { ...current, status: 'submitted', canSubmit: false, linesLeft: 2 };
      return json(200, current);
    });
    renderPage(<SessionAssignment session={session} audioRef={{ current: null }} />, { route: '/session/se1', path: '/session/:sessionId', user: { ...teacher, id: 's1' } });
    const handIn = await screen.findByRole('button', { name: 'Hand in to your teacher' });
    current = { ...current, linesLeft: 2 };
    await userEvent.click(handIn);
    const ask = await screen.findByRole('dialog', { name: 'Hand in with 2 lines unrecorded?' });
    expect(ask).toHaveTextContent('2 of your lines have no recording yet. Your teacher hears only what you recorded; you can go back and record them first.');
    expect(within(ask).getByRole('button', { name: 'Keep recording' })).toHaveFocus();
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep recording' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'submitWork')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Hand in to your teacher' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hand in anyway' }));
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'submitWork')).toHaveLength(1);
  });
});
