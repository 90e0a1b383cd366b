import { Alert, Button, Page, Spinner } from '@vox/ui';
import { useJobFailures } from '../api/staff';
import { StaffPageHead } from './staff-nav';
import { when } from './when';
import './staff-pages.css';

export const FAILED_JOBS_TEXTS = {
  title: 'Failed jobs',
  lead: 'Background work (mail, audio, rendering, publishing) that failed for good after its retries, newest first.',
  none: 'No background job has failed.',
  refresh: 'Refresh',
} as const;

const attemptsText = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

/** Staff: the job queue's failures (GET /api/jobs/failures), with each one's last error. */
export default function FailedJobsPage() {
  const failures = useJobFailures();
  return (
    <Page width="wide" className="vox-staff">
      <StaffPageHead title={FAILED_JOBS_TEXTS.title} lead={FAILED_JOBS_TEXTS.lead}>
        <Button variant="secondary" size="sm" onClick={() => void failures.refetch()} disabled={failures.isFetching}>
          {FAILED_JOBS_TEXTS.refresh}
        </Button>
      </StaffPageHead>
      {failures.isPending ? (
        <Spinner label="Loading failed jobs" />
      ) : failures.isError ? (
        <Alert>{failures.error.message}</Alert>
      ) : failures.data.failures.length === 0 ? (
        <p>{FAILED_JOBS_TEXTS.none}</p>
      ) : (
        <ul className="vox-staff__list" aria-label="Failed jobs">
          {failures.data.failures.map((job) => (
            <li key={`${job.name}/${job.id}`} className="vox-staff__item">
              <h2 className="vox-staff__item-head">
                <span>{job.name}</span>
                <time className="vox-staff__meta" dateTime={job.createdAt}>
                  {when(job.createdAt)}
                </time>
              </h2>
              <p className="vox-staff__error">{job.error ?? 'No error text was kept.'}</p>
              <p className="vox-staff__meta">
                {attemptsText(job.attempts)} · job {job.id}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
