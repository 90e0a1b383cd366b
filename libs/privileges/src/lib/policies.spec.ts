import { PRIVILEGES } from '@vox/contract';
import { isAllowed, POLICIES } from './policies';
import { makeSubscription, makeUser, NOW } from './test-users';

describe('POLICIES', () => {
  it('maps each gated area to the privilege of seed section 2', () => {
    expect(POLICIES).toEqual({
      drafts: 'draft',
      templates: 'draft',
      write: 'draft',
      audioLibrary: 'audio_library',
      metrics: 'show_metrics',
      freeScripts: 'read_free_script',
      teaching: 'teach',
    });
  });

  it('uses only known privileges', () => {
    for (const privilege of Object.values(POLICIES)) expect(PRIVILEGES).toContain(privilege);
  });
});

describe('isAllowed', () => {
  it('allows an area when the role has its privilege', () => {
    const user = makeUser({ role: { name: 'm', privileges: ['draft'] } });
    expect(isAllowed('drafts', user, [], NOW)).toBe(true);
    expect(isAllowed('templates', user, [], NOW)).toBe(true);
    expect(isAllowed('write', user, [], NOW)).toBe(true);
    expect(isAllowed('metrics', user, [], NOW)).toBe(false);
    expect(isAllowed('teaching', user, [], NOW)).toBe(false);
    expect(isAllowed('teaching', makeUser({ role: { name: 'teacher', privileges: ['teach'] } }), [], NOW)).toBe(true);
  });

  it('allows an area through a current subscription and not through an expired one', () => {
    expect(isAllowed('audioLibrary', makeUser(), [makeSubscription(['audio_library'], '2030-01-01T00:00:00Z')], NOW)).toBe(true);
    expect(isAllowed('freeScripts', makeUser(), [makeSubscription(['read_free_script'], '2020-01-01T00:00:00Z')], NOW)).toBe(false);
  });

  it('denies every area to a logged-out visitor', () => {
    for (const policy of Object.keys(POLICIES) as (keyof typeof POLICIES)[]) {
      expect(isAllowed(policy, null, [], NOW)).toBe(false);
    }
  });
});
