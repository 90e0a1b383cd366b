import type { Migration } from 'kysely';
// 155-159.
import { conversations } from './155-conversations';
import { personalInvitations } from './156-personal-invitations';
import { paymentExpectedAmount } from './248-payment-expected-amount';
import { draftPageCounts } from './241-draft-page-counts';
import { draftRevisionColors } from './215-draft-revision-colors';
import { draftComments } from './219-draft-comments';
import { activeUserHours } from './242-active-user-hours';
import { webVitals } from './220-web-vitals';
import { remoteLoadFailures } from './221-remote-load-failures';
import { setupCodeAttempts } from './249-setup-code-attempts';
import { draftCoWriting } from './210-draft-co-writing';
import { channelAuthor } from './247-channel-author';
// The audio library.
import { sounds } from './060-sounds';
import { notificationChangeEvents } from './040-notification-change-events';
import { appSecrets } from './110-app-secrets';
import { jobProgress } from './111-job-progress';
// Idempotency keys, the link a participant joined by.
import { idempotencyKeys } from './121-idempotency-keys';
import { participantJoinedVia } from './122-participant-joined-via';
import { usersAndRoles } from './001-users-and-roles';
import { refreshTokens } from './002-refresh-tokens';
import { passwordResets } from './003-password-resets';
import { subscriptions } from './004-subscriptions';
import { loginLockouts } from './005-login-lockouts';
import { friendships } from './010-friendships';
import { notifications } from './011-notifications';
import { activities } from './012-activities';
import { scripts } from './013-scripts';
import { readingSessions } from './014-reading-sessions';
import { shareLinks } from './015-share-links';
import { photos } from './016-photos';
import { notificationMarks } from './030-notification-marks';
import { handlesAnyCase } from './031-handles-any-case';
import { friendshipPairs } from './032-friendship-pairs';
import { scriptDetails } from './020-script-details';
import { scriptRolesAndLines } from './021-script-roles-and-lines';
import { audioFiles } from './022-audio-files';
import { takes } from './023-takes';
import { oneReaderPerRole } from './024-one-reader-per-role';
import { drafts } from './050-drafts';
import { draftTemplates } from './051-templates';
import { draftPublish } from './052-draft-publish';
import { metrics } from './090-metrics';
import { revokedSessionsIndex } from './120-revoked-sessions-index';
import { plans } from './070-plans';
import { checkoutsAndPayments } from './071-checkouts-and-payments';
// 100-109: school, events, certificates, forms.
import { events } from './100-events';
import { formRequests } from './101-form-requests';
import { certificates } from './102-certificates';
import { classes } from './103-classes';
import { assignments } from './104-assignments';
// The podcast variant.
import { podcast } from './080-podcast';
// Live table reads.
import { liveReads } from './130-live-reads';
import { readRenders } from './140-read-renders';
import { featuredReads } from './150-featured-reads'; // The first hour
import { signInHandoffs } from './230-sign-in-handoffs';
// Casting calls.
import { casting } from './200-casting';
import { castingAuditions } from './201-casting-auditions';
import { auditionTakeClientId } from './202-audition-take-client-id';

/**
 * Migrations in code, numbered, one concern per step, each with its undo; they run on start
 * on SQLite and PostgreSQL alike (Kysely's schema builder; raw SQL of one dialect only where the
 * other has no such thing: 040's notify triggers, 200's full-text search).
 * Numbering: 001-009 users/auth area, 010-019 social and scripts area, then next free block.
 */
export const migrations: Record<string, Migration> = {
  '001-users-and-roles': usersAndRoles,
  '002-refresh-tokens': refreshTokens,
  '003-password-resets': passwordResets,
  '004-subscriptions': subscriptions,
  '005-login-lockouts': loginLockouts,
  '010-friendships': friendships,
  '011-notifications': notifications,
  '012-activities': activities,
  '013-scripts': scripts,
  '014-reading-sessions': readingSessions,
  '015-share-links': shareLinks,
  '016-photos': photos,
  '020-script-details': scriptDetails,
  '021-script-roles-and-lines': scriptRolesAndLines,
  '022-audio-files': audioFiles,
  '023-takes': takes,
  '024-one-reader-per-role': oneReaderPerRole,
  '030-notification-marks': notificationMarks,
  '031-handles-any-case': handlesAnyCase,
  '032-friendship-pairs': friendshipPairs,
  // 040-049: infrastructure (performance, change events).
  '040-notification-change-events': notificationChangeEvents,
  // 070-079: membership purchase.
  '070-plans': plans,
  '071-checkouts-and-payments': checkoutsAndPayments,
  // 100-109: school, events, certificates, forms.
  '100-events': events,
  '101-form-requests': formRequests,
  '102-certificates': certificates,
  '103-classes': classes,
  '104-assignments': assignments,
  // 050-059: drafts, revisions and templates.
  '050-drafts': drafts,
  '051-templates': draftTemplates,
  '052-draft-publish': draftPublish,
  // 090-099: the metrics dashboard.
  '090-metrics': metrics,
  // 110-119: several instances (shared secrets, jobs).
  '110-app-secrets': appSecrets,
  '111-job-progress': jobProgress,
  // 120-129: hardening.
  '120-revoked-sessions-index': revokedSessionsIndex,
  '121-idempotency-keys': idempotencyKeys,
  '122-participant-joined-via': participantJoinedVia,
  // 060-069: the audio library.
  '060-sounds': sounds,
  // 080-089: the podcast variant.
  '080-podcast': podcast,
  // 130-139: live table reads.
  '130-live-reads': liveReads,
  // 155-159: the first hour (conversations, invitations).
  '155-conversations': conversations,
  '156-personal-invitations': personalInvitations,
  // 210-214: co-writing drafts.
  '210-draft-co-writing': draftCoWriting,
  // 247: a podcast channel's author.
  '247-channel-author': channelAuthor,
  // 248-249: hardening (payments, set-password codes).
  '248-payment-expected-amount': paymentExpectedAmount,
  '249-setup-code-attempts': setupCodeAttempts,
  // 140-149: the finished read.
  '140-read-renders': readRenders,
  // 150-154: the first hour.
  '150-featured-reads': featuredReads,
  // 200-209: casting calls.
  '200-casting': casting,
  '201-casting-auditions': castingAuditions,
  '202-audition-take-client-id': auditionTakeClientId,
  // 230-239: one sign-in across the sites.
  '230-sign-in-handoffs': signInHandoffs,
  // 215-219: drafts (revision colours, the industry page, comments on lines).
  '215-draft-revision-colors': draftRevisionColors,
  '219-draft-comments': draftComments,
  // 241: drafts (the list's page count is the PDF's).
  '241-draft-page-counts': draftPageCounts,
  // 220-229: real-user web vitals.
  '220-web-vitals': webVitals,
  '221-remote-load-failures': remoteLoadFailures,
  // 242-244: metrics (daily active users without a distinct count).
  '242-active-user-hours': activeUserHours,
};
