import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FORM_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser } from '../../helper';
import { readOutbox } from '../../fixtures/outbox';


let ip = 0;
const freshIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

describe('the contact and pilot-programme forms', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let outbox: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-forms-'));
    outbox = path.join(dataDir, 'mail');
    app = await build({ DATA_DIR: dataDir, TEAM_EMAIL: 'team@voxclub.test' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const contact = { name: 'Grace Hopper', email: 'grace@example.com', topic: 'Schools and classes', message: 'Can a class of 30 share one membership?' };
  const pilot = { name: 'Ada Lovelace', email: 'ada@school.example', school: 'Leeds Drama College', role: 'Head of drama', students: 42, message: 'Two classes, from January.' };
  const send = (kind: 'contact' | 'pilot', payload: object, remoteAddress = freshIp(), headers = {}) =>
    app.inject({ method: 'POST', url: `/api/forms/${kind}`, payload, remoteAddress, headers });
  const mails = async () => {
    await app.mailer.idle();
    return readOutbox(outbox);
  };

  it('stores a contact request, mails it to the team (reply-to the sender) and a copy to the sender', async () => {
    const res = await send('contact', contact);
    expect([res.statusCode, res.json()]).toEqual([200, { message: FORM_MESSAGES.contactSent }]);
    const all = await mails();
    const team = all.find((m) => m.includes('To: team@voxclub.test') && m.includes('Grace Hopper')) ?? '';
    expect(team).toContain('Subject: Contact form: Schools and classes from Grace Hopper');
    expect(team).toContain('Reply-To: grace@example.com');
    expect(team).toContain('Message: Can a class of 30 share one membership?');
    const copy = all.find((m) => /^To: grace@example.com/m.test(m)) ?? '';
    expect(copy).toContain('Subject: We received your message');
    expect(copy).toContain('we answer within two working days');
    expect(copy).toMatch(/Reference: C-[A-Za-z0-9]{8}/);
  });

  it('answers each wrong field with its own text and stores nothing', async () => {
    const bad = async (kind: 'contact' | 'pilot', over: object, message: string) => {
      const res = await send(kind, { ...(kind === 'contact' ? contact : pilot), ...over });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    };
    await bad('contact', { name: '  ' }, FORM_MESSAGES.nameMissing);
    await bad('contact', { email: 'grace@' }, FORM_MESSAGES.emailInvalid);
    await bad('contact', { topic: 'Free money' }, FORM_MESSAGES.topicInvalid);
    await bad('contact', { message: '' }, FORM_MESSAGES.messageMissing);
    await bad('contact', { message: 'Hi' }, FORM_MESSAGES.messageShort);
    await bad('pilot', { school: '' }, FORM_MESSAGES.schoolMissing);
    await bad('pilot', { role: ' ' }, FORM_MESSAGES.roleMissing);
    await bad('pilot', { students: 0 }, FORM_MESSAGES.studentsInvalid);
    const rows = await app.db.selectFrom('form_requests').select('name').where('name', '=', '  ').execute();
    expect(rows).toHaveLength(0);
  });

  it('answers a bot that fills the honeypot as if sent, and keeps and mails nothing', async () => {
    const before = (await mails()).length;
    const res = await send('contact', { ...contact, name: 'Bot McBotface', website: 'https://spam.example' });
    expect([res.statusCode, res.json()]).toEqual([200, { message: FORM_MESSAGES.contactSent }]);
    expect((await mails()).length).toBe(before);
    expect(await app.db.selectFrom('form_requests').select('id').where('name', '=', 'Bot McBotface').execute()).toHaveLength(0);
  });

  it('limits one address to five requests of a form in ten minutes, with its own text', async () => {
    const address = freshIp();
    for (let i = 0; i < 5; i++) expect((await send('contact', { ...contact, name: `Sender ${i}` }, address)).statusCode).toBe(200);
    const sixth = await send('contact', contact, address);
    expect([sixth.statusCode, sixth.json()]).toEqual([429, { message: FORM_MESSAGES.tooManyRequests }]);
    expect(await app.db.selectFrom('form_requests').select('id').where('name', '=', 'Grace Hopper').execute()).toHaveLength(1);
    // Another address is not held up.
    expect((await send('contact', contact)).statusCode).toBe(200);
  });

  it('shows staff the requests, newest first, with the member who sent one; nobody else', async () => {
    const member = await createUser(app);
    await send('pilot', { ...pilot, school: 'Signed-in school' }, freshIp(), bearer(member));
    const staff = await createUser(app, { role: 'staff' });
    const list = await app.inject({ method: 'GET', url: '/api/forms/requests?kind=pilot', headers: bearer(staff) });
    expect(list.statusCode).toBe(200);
    const [newest] = list.json().requests;
    expect(newest).toMatchObject({
      kind: 'pilot',
      name: 'Ada Lovelace',
      email: 'ada@school.example',
      fields: { school: 'Signed-in school', role: 'Head of drama', students: 42, message: 'Two classes, from January.' },
      userId: member.id,
    });
    expect(list.json().requests.every((r: { kind: string }) => r.kind === 'pilot')).toBe(true);
    const all = await app.inject({ method: 'GET', url: '/api/forms/requests', headers: bearer(staff) });
    expect(all.json().requests.some((r: { kind: string }) => r.kind === 'contact')).toBe(true);
    const refused = await app.inject({ method: 'GET', url: '/api/forms/requests', headers: bearer(member) });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: FORM_MESSAGES.staffOnly }]);
  });
});
