import { usePhotoUrl } from '@vox/api-client';
import { Link, useSearchParams } from 'react-router';
import type { HistoryEntry } from '@vox/contract';
import { Alert, Button, MicIcon, Page, Spinner, buttonClassName, cx } from '@vox/ui';
import { href } from '@vox/variant';
import { useHistory, useReadTakeQueue } from '../api/sessions';
import { formatRelative } from '../session-ui/format';
import { ScriptIcon } from '../session-ui/icons';
import { Pager } from '@vox/ui/page-kit';
import './history-page.css';

/** "3 of 12 lines recorded", or what there is to say when there are no lines of mine. */
export function progressText(entry: Pick<HistoryEntry, 'role' | 'myLines' | 'recordedLines'>): string {
  if (!entry.role) return 'Listening: no role claimed';
  if (entry.myLines === 0) return 'No lines to record';
  return `${entry.recordedLines} of ${entry.myLines} ${entry.myLines === 1 ? 'line' : 'lines'} recorded`;
}

/** /history for a signed-in user: the table reads I took part in, newest activity first. */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const history = useHistory(page);
  // Takes a reader left waiting to upload go on from here too, and update this list as they land.
  useReadTakeQueue();

  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <Page className="vox-history">
      <header className="vox-history__head">
        <h1 className="vox-page-title">Your history</h1>
        <p className="vox-page-lead">The table reads you took part in, newest first, with how many of your lines are recorded.</p>
      </header>

      {history.isPending ? (
        <Spinner size="lg" label="Loading your history" />
      ) : history.isError ? (
        <Alert>
          {history.error.message}{' '}
          <Button variant="link" size="sm" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : history.data.total === 0 ? (
        <section className="vox-empty vox-empty--panel vox-history__empty">
          <span className="vox-empty__icon" aria-hidden="true">
            <MicIcon />
          </span>
          <h2>No table reads yet</h2>
          <p>Open a script and start a table read: it shows up here with your progress.</p>
          <Link to={href('scripts')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Find a script
          </Link>
        </section>
      ) : (
        <>
          <ol className={cx('vox-stack vox-stack--tight vox-history__list', history.isPlaceholderData && 'vox-history__list--stale')} aria-label="Table reads" aria-busy={history.isPlaceholderData || undefined}>
            {history.data.items.map((entry) => (
              <HistoryCard key={entry.sessionId} entry={entry} />
            ))}
          </ol>
          <Pager page={page} pages={pages} onPage={goTo} />
        </>
      )}
    </Page>
  );
}

function HistoryCard({ entry }: { entry: HistoryEntry }) {
  const cover = usePhotoUrl(entry.script.cover);
  const done = entry.myLines > 0 && entry.recordedLines >= entry.myLines;
  return (
    <li className="vox-history__item">
      <Link to={href('session', { sessionId: entry.sessionId })} className="vox-history__card">
        <span className="vox-history__cover" aria-hidden="true">
          {cover ? <img src={cover} alt="" /> : <ScriptIcon />}
        </span>
        <span className="vox-history__body">
          <span className="vox-history__name">{entry.script.title || 'Untitled script'}</span>
          <span className="vox-history__role">{entry.role ? `You read ${entry.role}` : 'You listened'}</span>
          <span className="vox-history__progress">
            {entry.role && entry.myLines > 0 && (
              <progress className={cx('vox-history__bar', done && 'vox-history__bar--done')} max={entry.myLines} value={entry.recordedLines} aria-hidden="true" />
            )}
            <span className="vox-history__progress-text">{progressText(entry)}</span>
          </span>
          <span className="vox-history__meta">
            {entry.participantCount === 1 ? '1 participant' : `${entry.participantCount} participants`} · Last activity{' '}
            <time dateTime={entry.lastActivityAt} title={new Date(entry.lastActivityAt).toLocaleString()}>
              {formatRelative(entry.lastActivityAt)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}
