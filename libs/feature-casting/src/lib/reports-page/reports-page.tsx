import { Link } from 'react-router';
import { useUser } from '@vox/auth';
import { displayName } from '@vox/contract';
import { AUDITION_MESSAGES, type ReportedCastingCalls } from '@vox/contract/casting';
import { Alert, Button, Page, Spinner, buttonClassName } from '@vox/ui';
import { href } from '@vox/variant';
import { useHideCall, useReportedCalls } from '../api/casting';
import '@vox/ui/page-kit';
import '../shared/casting.css';

type ReportedCall = ReportedCastingCalls['items'][number];

const reportedAt = (iso: string): string => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * /casting/reports, for staff (the route asks to log in; a member without the staff role gets the
 * server's own staff-only text, without asking it): reported calls, most recently reported first,
 * each with Hide or Unhide.
 */
export function ReportedCallsPage() {
  const staff = useUser()?.role.name === 'staff';
  return (
    <Page>
      <div className="vox-page-head">
        <div>
          <h1 className="vox-page-title">Reported casting calls</h1>
          <p className="vox-page-lead">A hidden call is off the board, and its page is not found for anyone but its owner.</p>
        </div>
        <div className="vox-toolbar">
          <Link className={buttonClassName({ variant: 'secondary' })} to={href('castingBoard')}>
            All casting calls
          </Link>
        </div>
      </div>
      {staff ? <Reports /> : <Alert variant="error">{AUDITION_MESSAGES.staffOnly}</Alert>}
    </Page>
  );
}

function Reports() {
  const reports = useReportedCalls();
  if (reports.isPending) return <Spinner label="Loading reported casting calls" />;
  if (reports.isError) return <Alert variant="error">{reports.error.message}</Alert>;
  if (reports.data.items.length === 0) return <p className="vox-empty">No casting call has been reported.</p>;
  return (
    <ul className="vox-stack" aria-label="Reported casting calls">
      {reports.data.items.map((report) => (
        <Reported key={report.callId} report={report} />
      ))}
    </ul>
  );
}

function Reported({ report }: { report: ReportedCall }) {
  const hide = useHideCall();
  const title = report.scriptTitle;
  return (
    <li className="vox-card vox-stack vox-stack--close vox-casting-card">
      <h2 className="vox-casting-card__title">
        <Link to={href('castingCall', { callId: report.callId })}>{title}</Link>
      </h2>
      <ul className="vox-casting-meta" aria-label={`About the reports of ${title}`}>
        <li>Posted by {displayName(report.owner)}</li>
        <li>{report.reports === 1 ? '1 report' : `${report.reports} reports`}</li>
        <li>Last reported {reportedAt(report.lastReportedAt)}</li>
        {report.hidden && <li className="vox-chip vox-casting-tag">Hidden</li>}
      </ul>
      <p>{report.lastReason ? `Latest reason: ${report.lastReason}` : 'No reason given.'}</p>
      {hide.isError && <Alert variant="error">{hide.error.message}</Alert>}
      <div className="vox-toolbar">
        <Button
          variant={report.hidden ? 'secondary' : 'primary'}
          size="sm"
          busy={hide.isPending}
          aria-label={`${report.hidden ? 'Unhide' : 'Hide'} ${title}`}
          onClick={() => hide.mutate({ callId: report.callId, hidden: !report.hidden })}
        >
          {report.hidden ? 'Unhide' : 'Hide'}
        </Button>
      </div>
    </li>
  );
}
