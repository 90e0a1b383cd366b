import type { FastifyInstance } from 'fastify';
import { build, createUser } from '../helper';
import { USAGE } from '../../src/admin/commands';
import { adminCli } from '../fixtures/admin-cli';

describe('admin CLI (npm run admin -- ...)', () => {
  let app: FastifyInstance;
  let admin: ReturnType<typeof adminCli>;
  beforeAll(async () => {
    app = await build();
    admin = adminCli(app);
  });
  afterAll(async () => app.close());
  const privilegesOf = async (id: string) => (await app.rolesRepository.effectivePrivileges([id])).get(id);

  it('lists the roles with their privileges', async () => {
    const { code, out } = await admin('roles');
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'member: (no privileges)',
      'premium: audio_library, draft, read_free_script',
      'staff: audio_library, draft, read_free_script, show_metrics',
      // The built-in teacher role (migration 103).
      'teacher: teach',
      'writer: draft',
    ]);
  });

  it('grants a subscription for N days (by email) and the own role without --days (by handle)', async () => {
    const user = await createUser(app, { handle: `h${Date.now()}` });
    const sub = await admin('grant', '--user', user.email.toUpperCase(), '--role', 'premium', '--days', '30');
    expect(sub.code).toBe(0);
    expect(sub.out).toMatch(/has a premium subscription until \d{4}-/);
    expect(await privilegesOf(user.id)).toEqual(['audio_library', 'draft', 'read_free_script']);

    const handle = (await app.usersRepository.findById(user.id))?.handle as string;
    const own = await admin('grant', '--user', handle, '--role', 'staff');
    expect(own.code).toBe(0);
    expect((await app.usersRepository.findById(user.id))?.role).toBe('staff');

    const list = await admin('users');
    expect(list.out).toMatch(new RegExp(`${user.email}\\trole staff\\tsubscriptions: premium until `));
  });

  it('revokes subscriptions of one role, or everything', async () => {
    const user = await createUser(app, { role: 'writer' });
    await admin('grant', '--user', user.email, '--role', 'premium', '--days', '5');
    await admin('grant', '--user', user.email, '--role', 'staff', '--days', '5');
    const one = await admin('revoke', '--user', user.email, '--role', 'staff');
    expect(one.code).toBe(0);
    expect(one.out).toContain('Ended 1 running subscription');
    expect(await privilegesOf(user.id)).toEqual(['audio_library', 'draft', 'read_free_script']);
    const all = await admin('revoke', '--user', user.email);
    expect(all.out).toContain('Ended 1 running subscription');
    expect(all.out).toContain('own role is member again (was writer)');
    expect(await privilegesOf(user.id)).toEqual([]);
  });

  it.each([
    [[]],
    [['grant', '--role', 'staff']],
    [['grant', '--user', 'x@example.com']],
    [['grant', '--user', 'x@example.com', '--role', 'staff', '--days', 'ten']],
    [['frobnicate']],
    [['users', '--bogus']],
  ])('exits with 2 and the usage on bad usage: %j', async (argv) => {
    const { code, err } = await admin(...(argv as string[]));
    expect(code).toBe(2);
    expect(err).toContain(USAGE);
  });

  it('exits with 1 and a clear text for an unknown user or role', async () => {
    const unknownUser = await admin('grant', '--user', 'nobody@nowhere.example', '--role', 'staff');
    expect(unknownUser).toMatchObject({ code: 1, err: expect.stringContaining('No user with the email, handle or id "nobody@nowhere.example"') });
    const user = await createUser(app);
    const unknownRole = await admin('grant', '--user', user.email, '--role', 'emperor');
    expect(unknownRole).toMatchObject({ code: 1, err: expect.stringContaining('Unknown role "emperor". Roles: member, premium, staff, teacher, writer.') });
  });

  it('prints the usage for help', async () => {
    const { code, out } = await admin('help');
    expect(code).toBe(0);
    expect(out).toBe(USAGE);
  });
});
