import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUser } from '@vox/auth';
import { Alert, Page, Spinner, buttonClassName } from '@vox/ui';
import { href } from '@vox/variant';
import { useCastingBoard } from '../api/casting';
import { CallCard } from '../shared/call-card';
import { BoardFilters, boardQueryOf, boardSearchOf } from './board-filters';
import { Pager } from '@vox/ui/page-kit';
import '../shared/casting.css';

/** /casting: open calls newest first, with search, filters and pages. Visitors may browse. */
export function CastingBoardPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useUser();
  const query = boardQueryOf(search);
  const board = useCastingBoard(query);
  const page = board.data?.page ?? 1;
  const pages = board.data ? Math.max(1, Math.ceil(board.data.total / board.data.pageSize)) : 1;
  const filtered = Object.keys(query).some((k) => k !== 'page');

  return (
    <Page>
      <div className="vox-page-head">
        <div>
          <h1 className="vox-page-title">Casting calls</h1>
          <p className="vox-page-lead">Roles in members’ scripts looking for a voice. Record the audition sides and send them in.</p>
        </div>
        <div className="vox-toolbar">
          {user?.role.name === 'staff' && (
            <Link className={buttonClassName({ variant: 'secondary' })} to={href('castingReports')}>
              Reported calls
            </Link>
          )}
          {user && (
            <Link className={buttonClassName({ variant: 'secondary' })} to={href('castingMine')}>
              My calls
            </Link>
          )}
          <Link className={buttonClassName()} to={href('castingCreate')}>
            Post a call
          </Link>
        </div>
      </div>

      {/* Keyed by the address, so Back and Forward put the fields back as they were. */}
      <BoardFilters key={search.toString()} query={query} onApply={(next) => navigate(`${href('castingBoard')}${boardSearchOf(next)}`)} />

      {board.isPending ? (
        <Spinner label="Loading casting calls" />
      ) : board.isError ? (
        <Alert variant="error">{board.error.message}</Alert>
      ) : board.data.items.length === 0 ? (
        <p className="vox-empty">{filtered ? 'No open calls match your search.' : 'No open casting calls yet. Post the first one!'}</p>
      ) : (
        <>
          <p aria-live="polite">
            {board.data.total === 1 ? '1 open call' : `${board.data.total} open calls`}
          </p>
          <ul className="vox-stack" aria-label="Open casting calls">
            {board.data.items.map((call) => (
              <CallCard key={call.id} call={call} />
            ))}
          </ul>
          <Pager page={page} pages={pages} to={(target) => `${href('castingBoard')}${boardSearchOf({ ...query, page: target })}`} />
        </>
      )}
    </Page>
  );
}
