import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUser } from '@vox/auth';
import { displayName, type NotificationItem, type Person } from '@vox/contract';
import { liveTexts } from '@vox/contract/live';
import { Alert, Button, buttonClassName, Page, profileHref, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useFriendAction } from '../api/friends';
import { useMarkNotificationsSeen, useNotifications, usePatchNotificationPage } from '../api/notifications';
import { ComposeMessageDialog } from '../components/compose-message-dialog';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { PersonAvatar } from '../components/person-avatar';
import { relativeTime } from '../components/relative-time';
import { Pager } from '@vox/ui/page-kit';
import '../components/social.css';
import './messages-page.css';

/**
 * /notifications for a signed-in user: friend requests and acceptances, invitations to table
 * reads, messages from friends and membership news, newest first, 20 a page. What arrived since
 * my last visit is marked unread; opening the page moves my last-seen mark to the newest message,
 * which clears the header's red dot at once. Actions sit on the message itself.
 */
export function MessagesPage() {
  const [params] = useSearchParams();
  const otherId = params.get('with');
  // /notifications?with={userId} is the conversation with that member.
  if (otherId) {
    return (
      <Page width="narrow" className="vox-social-messages">
        <h1 className="vox-page-title vox-page-title--plain vox-social-heading">Messages</h1>
        <ConversationView key={otherId} otherId={otherId} />
      </Page>
    );
  }
  return <MessageFeed />;
}

function MessageFeed() {
  const user = useUser();
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markSeen = useMarkNotificationsSeen();
  const [replyTo, setReplyTo] = useState<{ person: Person; id: string; text: string } | null>(null);
  // What was unread when it first showed on this visit stays marked while the page is open,
  // though the list refetches (it refreshes while open) after the mark has moved.
  const unreadSeen = useRef(new Set<string>());
  for (const item of list.data?.items ?? []) if (item.unread) unreadSeen.current.add(item.id);
  const [sent, setSent] = useState<string | null>(null);
  const newest = page === 1 ? list.data?.items[0] : undefined;

  // Only the first page holds the newest message; the mark never moves back (the server sees to it).
  useEffect(() => {
    if (newest?.unread) markSeen.mutate(newest.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newest message
  }, [newest?.id, newest?.unread]);

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo(0, 0);
  };

  return (
    <Page width="narrow" className="vox-social-messages">
      <h1 className="vox-page-title vox-page-title--plain vox-social-heading">Messages</h1>
      <p className="vox-page-lead vox-page-lead--end">Friend requests, invitations to table reads, messages from your friends and news about your membership.</p>
      {sent && (
        <Alert variant="success" className="vox-social-status">
          {sent}
        </Alert>
      )}
      <ConversationList />
      {list.isPending ? (
        <Spinner label="Loading your messages" />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <section className="vox-card vox-social-card vox-messages__empty">
          <h2 className="vox-social-card__title">No messages yet</h2>
          <p className="vox-social-empty">
            When someone sends you a friend request, invites you to a table read or writes to you, it arrives here. <Link to={href('friends')}>Find friends</Link>
          </p>
        </section>
      ) : (
        <>
          <ol className="vox-messages__list" aria-label="Messages">
            {list.data.items.map((item) => (
              <MessageItem
                key={item.id}
                item={unreadSeen.current.has(item.id) ? { ...item, unread: true } : item}
                page={page}
                userId={user?.id ?? null}
                onReply={(person) => setReplyTo({ person, id: item.id, text: item.text ?? '' })}
              />
            ))}
          </ol>
          <Pager page={page} pages={pages} onPage={goTo} previous="Newer" next="Older" />
        </>
      )}
      {replyTo && (
        <ComposeMessageDialog
          to={replyTo.person}
          reply
          replyTo={{ id: replyTo.id, text: replyTo.text }}
          onClose={() => setReplyTo(null)}
          onSent={setSent}
        />
      )}
    </Page>
  );
}

function MessageItem({
  item,
  page,
  userId,
  onReply,
}: {
  item: NotificationItem;
  page: number;
  userId: string | null;
  onReply(person: Person): void;
}) {
  const patchPage = usePatchNotificationPage(userId, page);
  const act = useFriendAction();
  const person = item.person;
  const name = person ? displayName(person) : 'VoxClub';
  const answer = (action: 'accept' | 'decline') => {
    if (!person) return;
    act.mutate(
      { action, userId: person.id },
      {
        // Patch the item in place, so the answer shows at once.
        onSuccess: () => patchPage(person.id, action === 'accept' ? 'friends' : 'none'),
      },
    );
  };

  return (
    <li className={item.unread ? 'vox-messages__item vox-messages__item--unread' : 'vox-messages__item'} data-type={item.type}>
      <span className="vox-messages__avatar">
        {person ? <PersonAvatar person={person} /> : <span className="vox-messages__system" aria-hidden="true">V</span>}
      </span>
      <div className="vox-messages__body">
        <p className="vox-messages__summary">
          {item.unread && <span className="vox-chip vox-chip--strong vox-messages__new">New</span>}
          <Summary item={item} name={name} />
        </p>
        {item.type === 'message' && item.text && <p className="vox-messages__text">{item.text}</p>}
        {/* A casting note's summary says what its text says. */}
        {item.type !== 'message' && item.type !== 'membership' && !item.casting && item.text && <p className="vox-messages__text">{item.text}</p>}
        <p className="vox-messages__time">
          <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString()}>
            {relativeTime(item.createdAt)}
          </time>
        </p>
        <div className="vox-toolbar">
          {item.type === 'friend_request' && person && item.relationship === 'incoming' && (
            <>
              <Button size="sm" onClick={() => answer('accept')} busy={act.isPending && act.variables?.action === 'accept'} aria-label={`Accept friend request from ${name}`}>
                Accept
              </Button>
              {/* A request can be turned down where it arrives. */}
              <Button
                size="sm"
                variant="secondary"
                onClick={() => answer('decline')}
                busy={act.isPending && act.variables?.action === 'decline'}
                aria-label={`Decline friend request from ${name}`}
              >
                Decline
              </Button>
            </>
          )}
          {item.type === 'friend_request' && item.relationship === 'friends' && <span className="vox-messages__state">You are friends</span>}
          {item.type === 'friend_request' && act.isSuccess && act.variables?.action === 'decline' && item.relationship === 'none' ? (
            <span className="vox-messages__state">Declined</span>
          ) : (
            item.type === 'friend_request' &&
            (item.relationship === 'none' || item.relationship === 'outgoing') && <span className="vox-messages__state">No longer pending</span>
          )}
          {item.invite && (
            <Link className={buttonClassName({ size: 'sm' })} to={href('shareLink', { linkId: item.invite.linkId })}>
              Open session
            </Link>
          )}
          {item.draftInvite?.draftId && (
            <Link className={buttonClassName({ size: 'sm' })} to={href('draft', { documentId: item.draftInvite.draftId })}>
              Open the draft
            </Link>
          )}
          {item.draftComment?.draftId && (
            <Link className={buttonClassName({ size: 'sm' })} to={`${href('draft', { documentId: item.draftComment.draftId })}?comment=${encodeURIComponent(item.draftComment.threadId)}`}>
              Open the comment
            </Link>
          )}
          {item.casting?.sessionId && (
            <Link className={buttonClassName({ size: 'sm' })} to={href('session', { sessionId: item.casting.sessionId })}>
              Open your table read
            </Link>
          )}
          {item.type === 'message' && person && item.relationship === 'friends' && (
            <Button size="sm" variant="secondary" onClick={() => onReply(person)} aria-label={`Reply to ${name}`}>
              Reply
            </Button>
          )}
          {item.type === 'message' && person && (
            <Link className={buttonClassName({ size: 'sm', variant: 'link' })} to={`${href('notifications')}?with=${encodeURIComponent(person.id)}`}>
              Open conversation
            </Link>
          )}
          {(item.type === 'friend_accepted' || item.type === 'message') && person && item.relationship !== 'friends' && item.relationship !== null && (
            <span className="vox-messages__state">You are no longer friends</span>
          )}
        </div>
        {act.isError && <Alert>{act.error.message}</Alert>}
      </div>
    </li>
  );
}

function Summary({ item, name }: { item: NotificationItem; name: string }) {
  const who = item.person ? (
    <Link to={profileHref(item.person)} className="vox-messages__who">
      {name}
    </Link>
  ) : null;
  switch (item.type) {
    case 'friend_request':
      return <>{who} sent you a friend request.</>;
    case 'friend_accepted':
      return <>{who} accepted your friend request.</>;
    case 'message':
      return <>{who} sent you a message.</>;
    case 'session_invite':
      return (
        <>
          {who} invited you to read {item.invite?.role ? <>the role of <strong>{item.invite.role}</strong> in </> : null}
          <strong>{item.invite?.scriptTitle || 'a script'}</strong>.
        </>
      );
    case 'membership':
      return <>{membershipText(item)}</>;
    // A role I auditioned for: I was cast (with my table read), or someone else was.
    case 'casting_cast':
      return (
        <>
          {who} cast you as <strong>{item.casting?.roleName}</strong> in <strong>{item.casting?.scriptTitle}</strong>.
        </>
      );
    case 'casting_role_cast':
      return (
        <>
          The role of <strong>{item.casting?.roleName}</strong> in <strong>{item.casting?.scriptTitle}</strong> has been cast.
        </>
      );
    // A friend's draft I may now write in, or comment on.
    case 'draft_invite':
      return (
        <>
          {who} invited you to {item.draftInvite?.role === 'commenter' ? 'comment on' : 'co-write'} <strong>{item.draftInvite?.draftTitle || 'a draft'}</strong>.
        </>
      );
    // A comment on lines of a draft I write in ("Grace commented on lines 4–6 of The Night Ferry").
    case 'draft_comment': {
      const note = item.draftComment;
      if (!note) return <>{who} commented on a draft.</>;
      const lines = note.fromLine === note.toLine ? `line ${note.fromLine}` : `lines ${note.fromLine}–${note.toLine}`;
      return (
        <>
          {who} {note.reply ? 'replied to a comment on' : 'commented on'} {lines} of <strong>{note.draftTitle}</strong>.
        </>
      );
    }
    // Someone joined or recorded in my live read ("Grace recorded 4 lines in Hamlet").
    case 'read_joined':
    case 'read_recorded':
      return (
        <>
          {item.read
            ? item.type === 'read_joined'
              ? liveTexts.joined(name, item.read.scriptTitle, item.read.role)
              : liveTexts.recorded(name, item.read.scriptTitle, item.read.lines ?? 0)
            : 'Your table read has news'}
          {item.read?.sessionId ? (
            <>
              {' · '}
              <Link to={href('session', { sessionId: item.read.sessionId })}>Open the read</Link>
            </>
          ) : null}
        </>
      );
    default:
      return <>{who ? <>{who} sent you a message.</> : 'You have a new message.'}</>;
  }
}

function membershipText(item: NotificationItem): string {
  const m = item.membership;
  if (!m) return 'Your membership has changed.';
  const role = m.role === 'member' ? '' : `${m.role} `;
  if (m.event === 'revoked') return `Your ${role}membership has ended.`;
  if (m.event === 'cancelled' && m.expiry) {
    return `Your ${role}membership is cancelled and ends on ${new Date(m.expiry).toLocaleDateString(undefined, { dateStyle: 'long' })}.`;
  }
  if (m.expiry) return `Your ${role}membership is active until ${new Date(m.expiry).toLocaleDateString(undefined, { dateStyle: 'long' })}.`;
  // A role given to the account itself (staff, a teacher) is not a membership
  // anyone bought: "Your staff membership is active." was a staff account's first message.
  return m.role === 'member' ? 'Your membership is active.' : `Your account now has the ${m.role} role.`;
}
