import { Link } from 'react-router';
import { displayName } from '@vox/contract';
import { href } from '@vox/variant';
import { useConversations } from '../api/messages';
import { PersonAvatar } from '../components/person-avatar';
import { relativeTime } from '../components/relative-time';

/** My conversations, newest first, each with its unread count; refreshes while open. */
export function ConversationList() {
  const list = useConversations();
  if (!list.data || list.data.items.length === 0) return null;
  return (
    <section className="vox-card vox-social-card vox-conversations" aria-labelledby="vox-conversations-title">
      <h2 id="vox-conversations-title" className="vox-social-card__title">
        Conversations
      </h2>
      <ul className="vox-conversations__list" aria-label="Conversations">
        {list.data.items.map((item) => {
          const name = displayName(item.person);
          return (
            <li key={item.person.id} className={item.unread > 0 ? 'vox-conversations__item vox-conversations__item--unread' : 'vox-conversations__item'}>
              <PersonAvatar person={item.person} size="sm" />
              <Link className="vox-conversations__link" to={`${href('notifications')}?with=${encodeURIComponent(item.person.id)}`}>
                <span className="vox-conversations__name">{name}</span>
                <span className="vox-conversations__last">
                  {item.last.fromMe ? 'You: ' : ''}
                  {item.last.text}
                </span>
              </Link>
              <span className="vox-conversations__side">
                <time dateTime={item.last.createdAt}>{relativeTime(item.last.createdAt)}</time>
                {item.unread > 0 && <span className="vox-conversations__unread">{item.unread} unread</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
