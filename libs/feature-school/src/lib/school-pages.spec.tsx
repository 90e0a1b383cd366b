import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authModal, authStore } from '@vox/auth';
import { type User } from '@vox/contract';
import { FORM_MESSAGES, type Certificate } from '@vox/contract/school';
import { createFakeServer, json, pageTitle, renderRoutes } from '@vox/testing';
import { CertificatePage } from './certificate-page/certificate-page';
import { CertificatesPage } from './certificates-page/certificates-page';
import { PilotProgramPage } from './pilot-program-page/pilot-program-page';

/** Tests that type a whole form take more than Jest's 5 s when the machine is busy. */
const TYPING_TIMEOUT = 30_000;

const pages = { '/certificate': <CertificatesPage />, '/certificate/:certId': <CertificatePage />, '/pilot_program/id': <PilotProgramPage /> };
const member: User = { id: 'u1', handle: 'sam', name: 'Sam Reader', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const CERT_ID = 'AbCdEfGhIjKlMnOpQrStUvWx';
const cert = (over: Partial<Certificate> = {}): Certificate => ({
  id: CERT_ID,
  recipientName: 'Sam Reader',
  course: 'Voice acting weekend',
  issuerName: 'Morgan Staff',
  issuedAt: '2026-12-01T15:00:00.000Z',
  status: 'valid',
  revokedAt: null,
  verifyUrl: `https://voxclub.test/certificate/${CERT_ID}`,
  canRevoke: false,
  ...over,
});

afterEach(() => authStore.clear());

describe('/certificate', () => {
  it('asks a visitor to log in', async () => {
    createFakeServer();
    renderRoutes(pages, { route: '/certificate', user: null });
    expect(pageTitle()).toHaveTextContent('Log in to see your certificates');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(authModal.getSnapshot()).toBe('login');
    authModal.close();
  });

  it('lists my certificates with their issuer, date and state, each linking to its page', async () => {
    createFakeServer({ token: 't' }).on('myCertificates', () =>
      json(200, { certificates: [cert(), cert({ id: 'ZyXwVuTsRqPoNmLkJiHgFeDc', course: 'Cold reading', status: 'revoked', revokedAt: '2026-12-02T10:00:00.000Z' })] }),
    );
    renderRoutes(pages, { route: '/certificate', user: member });
    expect(pageTitle()).toHaveTextContent('Your certificates');
    const list = await screen.findByRole('list', { name: 'Certificates' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Voice acting weekend');
    expect(first).toHaveTextContent('Issued by Morgan Staff on 1 December 2026');
    expect(within(first).getByRole('link', { name: 'View and print: Voice acting weekend' })).toHaveAttribute('href', `/certificate/${CERT_ID}`);
    expect(second).toHaveTextContent('Revoked');
  });

  it('says when there are none yet, with a way home', async () => {
    createFakeServer({ token: 't' }).on('myCertificates', () => json(200, { certificates: [] }));
    renderRoutes(pages, { route: '/certificate', user: member });
    expect(await screen.findByText('No certificates yet. Complete a class or attend an event to earn one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('/certificate/{certId}', () => {
  it('shows recipient, course, issuer, date, the verification link and its QR code, and says it is valid', async () => {
    createFakeServer().on('certificate', () => json(200, cert()));
    renderRoutes(pages, { route: `/certificate/${CERT_ID}`, user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeInTheDocument();
    const sheet = screen.getByRole('article');
    expect(sheet).toHaveTextContent('This certifies that');
    expect(sheet).toHaveTextContent('Sam Reader');
    expect(sheet).toHaveTextContent('Voice acting weekend');
    expect(sheet).toHaveTextContent('Morgan Staff');
    expect(sheet).toHaveTextContent('1 December 2026');
    expect(sheet).toHaveTextContent(`Verify at https://voxclub.test/certificate/${CERT_ID}`);
    expect(screen.getByText('Verified: a valid certificate issued by VoxClub to Sam Reader on 1 December 2026.')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code of the verification link' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Revoke certificate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All certificates' })).toHaveAttribute('href', '/certificate');
  });

  it('lets its issuer revoke it after confirming; it then says revoked', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('certificate', () => json(200, cert({ canRevoke: true })));
    server.on('revokeCertificate', () => json(200, cert({ status: 'revoked', revokedAt: '2026-12-03T09:00:00.000Z' })));
    renderRoutes(pages, { route: `/certificate/${CERT_ID}`, user: member });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke certificate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, revoke it' }));
    expect(await screen.findByText('Revoked: this certificate was withdrawn on 3 December 2026 and is no longer valid.')).toBeInTheDocument();
    expect(screen.getByText('REVOKED')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'revokeCertificate')).toHaveLength(1);
  });

  it('says when the id is unknown', async () => {
    createFakeServer().on('certificate', () => json(404, { message: 'This certificate was not found. Check the link or the code.' }));
    renderRoutes(pages, { route: `/certificate/${CERT_ID}`, user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByText('This certificate was not found. Check the link or the code.')).toBeInTheDocument();
  });
});

describe('/pilot_program/id', () => {
  it('says what is wrong with each field, then sends the request and shows the answer', async () => {
    const server = createFakeServer();
    server.on('submitPilot', () => json(200, { message: FORM_MESSAGES.pilotSent }));
    renderRoutes(pages, { route: '/pilot_program/id', user: null });
    expect(pageTitle()).toHaveTextContent('Pilot program for schools');
    await userEvent.type(screen.getByLabelText('Number of students (optional)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription(FORM_MESSAGES.nameMissing);
    expect(screen.getByLabelText('Your email')).toHaveAccessibleDescription(FORM_MESSAGES.emailInvalid);
    expect(screen.getByLabelText('School')).toHaveAccessibleDescription(FORM_MESSAGES.schoolMissing);
    expect(screen.getByLabelText(/^Your role/)).toHaveAccessibleDescription(/Please tell us your role at the school\./);
    expect(screen.getByLabelText('Number of students (optional)')).toHaveAccessibleDescription(FORM_MESSAGES.studentsInvalid);
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveFocus());
    expect(server.calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Your email'), 'ada@school.example');
    await userEvent.type(screen.getByLabelText('School'), 'Leeds Drama College');
    await userEvent.type(screen.getByLabelText(/^Your role/), 'Head of drama');
    await userEvent.clear(screen.getByLabelText('Number of students (optional)'));
    await userEvent.type(screen.getByLabelText('Number of students (optional)'), '42');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(FORM_MESSAGES.pilotSent)).toBeInTheDocument();
    expect(server.calls.map((c) => c.body)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@school.example', school: 'Leeds Drama College', role: 'Head of drama', students: 42, message: '', website: '' },
    ]);
  }, TYPING_TIMEOUT);
});
