import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePrivileges, useUser } from '@vox/auth';
import type { ScriptScope } from '@vox/contract';
import { SCRIPT_LIMITS, SCRIPTS_PAGE_SIZE } from '@vox/contract/scripts';
import { Alert, Button, CloseIcon, MicIcon, Spinner, buttonClassName, cx } from '@vox/ui';
import { href } from '@vox/variant';
import { useScripts } from '../api/scripts';
import { ScriptCard } from './script-card';
import { Pager } from '@vox/ui/page-kit';
import './script-list.css';

/** How long typing pauses before the search runs (and lands in the address bar). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The tabs of /scripts; /free_scripts shows one fixed scope without tabs. */
const SCOPE_TABS: Array<{ scope: ScriptScope; label: string }> = [
  { scope: 'all', label: 'All' },
  { scope: 'mine', label: 'Mine' },
  { scope: 'friends', label: "Friends'" },
  { scope: 'public', label: 'Public' },
];

interface Empty {
  title: string;
  text: string;
  action?: ReactNode;
}

const newScriptLink = (
  <Link to={href('scriptCreate')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
    New script
  </Link>
);

/** What an empty list says, per scope. */
const EMPTY: Record<ScriptScope, Empty> = {
  all: {
    title: 'No scripts yet',
    text: 'Write the first one, or paste a screenplay you already have in Fountain. Your friends’ and public scripts show up here too.',
    action: newScriptLink,
  },
  mine: {
    title: 'You have no scripts yet',
    text: 'Write a script with roles and lines, or paste a screenplay in Fountain, then start a table read.',
    action: newScriptLink,
  },
  friends: {
    title: 'No scripts from your friends',
    text: 'When your friends share scripts with friends or with everyone, they show up here.',
    action: (
      <Link to={href('friends')} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
        Find friends
      </Link>
    ),
  },
  public: {
    title: 'No public scripts yet',
    text: 'Scripts their writers share with everyone show up here.',
  },
  free: {
    title: 'No free scripts right now',
    text: 'Scripts made free for members show up here. Come back soon.',
  },
};

interface ScriptBrowserProps {
  title: string;
  lead: ReactNode;
  /** A fixed scope (no tabs), as on /free_scripts; without it the tabs choose (?scope=). */
  scope?: ScriptScope;
}

const readPage = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

/**
 * A searchable, paged list of scripts. Search, scope and page live in the address
 * (?q=&scope=&page=), so reload, back and forward show the same list.
 */
export function ScriptBrowser({ title, lead, scope: fixedScope }: ScriptBrowserProps) {
  const user = useUser();
  const canReadFree = usePrivileges().has('read_free_script');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const tab = SCOPE_TABS.find((t) => t.scope === params.get('scope'))?.scope ?? 'all';
  const scope = fixedScope ?? tab;
  const page = readPage(params.get('page'));
  const list = useScripts({ q: q.trim() || undefined, scope, page, pageSize: SCRIPTS_PAGE_SIZE });

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const headingId = useId();

  /** The address with some of its values changed; empty values and page 1 are left out. */
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '' || (key === 'page' && value === '1') || (key === 'scope' && value === 'all')) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };

  return (
    <div className="vox-script-list">
      <header className="vox-page-head">
        <div>
          <h1 className="vox-page-title" id={headingId}>
            {title}
          </h1>
          <p className="vox-page-lead vox-script-list__lead">{lead}</p>
        </div>
        <Link to={href('scriptCreate')} className={buttonClassName({ variant: 'primary' })}>
          New script
        </Link>
      </header>

      <div className="vox-split vox-script-list__tools">
        <SearchBox value={q} onSearch={(value) => setParams(hrefWith({ q: value.trim(), page: null }))} />
        {!fixedScope && (
          <nav className="vox-script-list__tabs" aria-label="Which scripts">
            {SCOPE_TABS.map((t) => (
              <Link
                key={t.scope}
                to={{ search: hrefWith({ scope: t.scope, page: null }).toString() }}
                className={cx('vox-script-list__tab', t.scope === tab && 'vox-script-list__tab--current')}
                aria-current={t.scope === tab ? 'page' : undefined}
              >
                {t.label}
              </Link>
            ))}
          </nav>
        )}
      </div>

      {list.isPending ? (
        <div className="vox-script-list__loading">
          <Spinner size="lg" label="Loading scripts" />
        </div>
      ) : list.isError ? (
        <Alert>
          {list.error.message}{' '}
          <Button variant="link" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.items.length === 0 ? (
        q.trim() ? (
          <EmptyState
            title="No scripts found"
            text={`Nothing matches “${q.trim()}”. Search looks in titles, synopses and genres.`}
            action={
              <Link to={{ search: hrefWith({ q: null, page: null }).toString() }} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                Clear search
              </Link>
            }
          />
        ) : page > 1 && list.data.total > 0 ? (
          <EmptyState
            title="No scripts on this page"
            text={`There ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of scripts.`}
            action={
              <Link to={{ search: hrefWith({ page: null }).toString() }} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                Go to the first page
              </Link>
            }
          />
        ) : (
          <EmptyState {...EMPTY[scope]} />
        )
      ) : (
        <>
          <p className="vox-meta vox-script-list__total" aria-live="polite">
            {list.data.total === 1 ? '1 script' : `${list.data.total.toLocaleString('en')} scripts`}
            {q.trim() ? ` matching “${q.trim()}”` : ''}
          </p>
          <ul
            className={cx('vox-stack vox-script-list__grid', list.isPlaceholderData && 'vox-script-list__grid--stale')}
            aria-labelledby={headingId}
            aria-busy={list.isPlaceholderData || undefined}
          >
            {list.data.items.map((script) => (
              <ScriptCard key={script.id} script={script} mine={script.owner.id === user?.id} showFree={script.owner.id === user?.id || canReadFree} />
            ))}
          </ul>
          <Pager page={page} pages={pages} to={(target) => ({ search: hrefWith({ page: String(target) }).toString() })} />
        </>
      )}
    </div>
  );
}

function EmptyState({ title, text, action }: Empty) {
  return (
    <section className="vox-empty vox-empty--panel">
      <span className="vox-empty__icon" aria-hidden="true">
        <MicIcon />
      </span>
      <h2>{title}</h2>
      <p>{text}</p>
      {action}
    </section>
  );
}

/**
 * The search field. It keeps what is typed and reports it once typing pauses; when the address
 * changes under it (back, forward, Clear search) it shows the address's search again.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch(value: string): void }) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    // Our own report coming back through the address must not overwrite newer typing.
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === reported.current.trim()) return undefined;
    const timer = setTimeout(() => {
      reported.current = text.trim();
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      role="search"
      className="vox-script-list__search"
      onSubmit={(event) => {
        event.preventDefault();
        reported.current = text.trim();
        onSearch(text);
      }}
    >
      <label className="vox-visually-hidden" htmlFor="vox-script-search">
        Search scripts
      </label>
      <svg className="vox-script-list__search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="vox-script-search"
        type="search"
        className="vox-input vox-script-list__search-input"
        placeholder="Search by title, synopsis or genre"
        value={text}
        maxLength={SCRIPT_LIMITS.searchQuery}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {text && (
        <button
          type="button"
          className="vox-icon-button vox-script-list__search-clear"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            reported.current = '';
            onSearch('');
          }}
        >
          <CloseIcon />
        </button>
      )}
    </form>
  );
}
