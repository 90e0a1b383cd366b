import { Link, useSearchParams } from 'react-router';
import type { CastingCall } from '@vox/contract/casting';
import { Alert, Button, Page, Spinner, buttonClassName } from '@vox/ui';
import { href } from '@vox/variant';
import { useCallStatus, useMyCastingCalls } from '../api/casting';
import { CallCard } from '../shared/call-card';
import { LimitsNote } from '../shared/limits-note';
import { Pager } from '@vox/ui/page-kit';
import '../shared/casting.css';

/** /casting/mine: my calls, open and closed, newest first, with the open-calls limit. */
export function MyCastingCallsPage() {
  const [search] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const calls = useMyCastingCalls(page);
  const pages = calls.data ? Math.max(1, Math.ceil(calls.data.total / calls.data.pageSize)) : 1;

  return (
    <Page>
      <div className="vox-page-head">
        <div>
          <h1 className="vox-page-title">My casting calls</h1>
        </div>
        <div className="vox-toolbar">
          <Link className={buttonClassName({ variant: 'secondary' })} to={href('castingBoard')}>
            All casting calls
          </Link>
          <Link className={buttonClassName()} to={href('castingCreate')}>
            Post a call
          </Link>
        </div>
      </div>
      <div className="vox-stack">
        <LimitsNote />
        {calls.isPending ? (
          <Spinner label="Loading your casting calls" />
        ) : calls.isError ? (
          <Alert variant="error">{calls.error.message}</Alert>
        ) : calls.data.items.length === 0 ? (
          <p className="vox-empty">You have not posted a casting call yet.</p>
        ) : (
          <ul className="vox-stack" aria-label="My casting calls">
            {calls.data.items.map((call) => (
              <MyCall key={call.id} call={call} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} to={(target) => (target > 1 ? `${href('castingMine')}?page=${target}` : href('castingMine'))} />
      </div>
    </Page>
  );
}

function MyCall({ call }: { call: CastingCall }) {
  const status = useCallStatus(call.id);
  const open = call.status === 'open';
  return (
    <CallCard call={call}>
      <div className="vox-toolbar">
        {open && (
          <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={href('castingEdit', { callId: call.id })} aria-label={`Edit ${call.script.title}`}>
            Edit
          </Link>
        )}
        <Button variant="secondary" size="sm" busy={status.isPending} onClick={() => status.mutate(open ? 'close' : 'reopen')} aria-label={`${open ? 'Close' : 'Reopen'} ${call.script.title}`}>
          {open ? 'Close' : 'Reopen'}
        </Button>
      </div>
      {status.isError && <Alert variant="error">{status.error.message}</Alert>}
    </CallCard>
  );
}
