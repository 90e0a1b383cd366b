import { usePhotoUrl } from '@vox/api-client';
import { Link } from 'react-router';
import type { ScriptSummary, ScriptVisibility } from '@vox/contract';
import { Avatar, LockIcon, cx } from '@vox/ui';
import { ScriptIcon, UsersIcon } from '../session-ui/icons';
import { displayName } from '@vox/contract';
import { href } from '@vox/variant';
import './script-cover.css';

const VISIBILITY_LABELS: Record<ScriptVisibility, string> = {
  private: 'Private',
  friends: 'Friends',
  public: 'Public',
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

interface ScriptCardProps {
  script: ScriptSummary;
  /** The signed-in user owns it: an Edit link joins the card. */
  mine: boolean;
  /**
   * The Free badge shows to those it means something to (the owner, who set it, and
   * members with read_free_script); to anyone else it promised what /free_scripts then refused.
   */
  showFree?: boolean;
}

/**
 * One script of a list. The title is the card's link (stretched over the whole card, so the
 * card is one tab stop and one click target); the owner's Edit link sits above it.
 */
export function ScriptCard({ script, mine, showFree = true }: ScriptCardProps) {
  const cover = usePhotoUrl(script.cover);
  const avatar = usePhotoUrl(script.owner.photo);
  const owner = displayName(script.owner);
  const title = script.title || 'Untitled script';
  return (
    <li className="vox-script-card">
      <span className={cx('vox-script-cover vox-script-card__cover', !cover && 'vox-script-cover--empty')} aria-hidden="true">
        {cover ? <img src={cover} alt="" /> : <ScriptIcon />}
      </span>
      <div className="vox-script-card__body">
        <div className="vox-script-card__badges">
          <span className={`vox-chip vox-script-card__badge vox-script-card__badge--${script.visibility}`}>
            {script.visibility === 'private' ? <LockIcon /> : script.visibility === 'friends' ? <UsersIcon /> : null}
            {VISIBILITY_LABELS[script.visibility]}
          </span>
          {script.isFree && showFree && <span className="vox-chip vox-script-card__badge vox-script-card__badge--free">Free</span>}
        </div>
        <h2 className="vox-script-card__title">
          <Link to={href('script', { scriptId: script.id })} className="vox-script-card__link">
            {title}
          </Link>
        </h2>
        <p className="vox-script-card__owner">
          <Avatar name={owner} photoUrl={avatar} size="sm" decorative />
          <span>{mine ? 'You' : owner}</span>
        </p>
        {(script.genre || script.language) && (
          <p className="vox-script-card__tags">
            {script.genre && <span className="vox-script-card__tag">{script.genre}</span>}
            {script.language && (
              <span className="vox-script-card__tag vox-script-card__tag--language" title="Language">
                <span className="vox-visually-hidden">Language: </span>
                {script.language}
              </span>
            )}
          </p>
        )}
        <p className="vox-script-card__counts">
          {count(script.roleCount, 'role', 'roles')} · {count(script.lineCount, 'line', 'lines')}
        </p>
      </div>
      {mine && (
        <Link to={href('scriptEdit', { scriptId: script.id })} className="vox-script-card__edit" aria-label={`Edit ${title}`}>
          Edit
        </Link>
      )}
    </li>
  );
}
