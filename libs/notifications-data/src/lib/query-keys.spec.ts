import { notificationQueryKeys } from './query-keys';

describe('notificationQueryKeys', () => {
  it('keys each query by user (and by mark or page), under one notifications prefix', () => {
    expect(notificationQueryKeys.seen('u1')).toEqual(['notifications', 'seen', 'u1']);
    expect(notificationQueryKeys.newCount('u1', 'n42')).toEqual(['notifications', 'new', 'u1', 'n42']);
    expect(notificationQueryKeys.list(null, 2)).toEqual(['notifications', 'list', null, 2]);
  });
});
