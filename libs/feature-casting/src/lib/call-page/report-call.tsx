import { useState, type FormEvent } from 'react';
import { AUDITION_LIMITS } from '@vox/contract/casting';
import { Alert, Button } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { useReportCall } from '../api/casting';

/** What the call page says once a report is sent. */
export const REPORTED_TEXT = 'Thank you. Staff will look at this casting call.';

/**
 * "Report this call" for a signed-in member who does not own it: a short dialog with an optional
 * reason, Send report its default button. A refusal (too many reports) shows the server's text in
 * the dialog with the reason kept; once sent, `onReported` lets the page say so.
 */
export function ReportCall({ callId, onReported }: { callId: string; onReported(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportCall(callId);

  const send = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(reason, {
      onSuccess: () => {
        setOpen(false);
        onReported();
      },
    });
  };
  const close = () => {
    report.reset();
    setOpen(false);
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
      >
        Report this call
      </Button>
      {open && (
        <Modal title="Report this call" description="Tell staff what is wrong with this casting call. They decide whether to hide it." onClose={close}>
          <form className="vox-stack vox-stack--tight" onSubmit={send}>
            <div className="vox-field">
              <label className="vox-field__label" htmlFor="vox-casting-report-reason">
                Reason (optional)
              </label>
              <textarea id="vox-casting-report-reason" className="vox-textarea" rows={3} maxLength={AUDITION_LIMITS.reportReason} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            {report.isError && <Alert variant="error">{report.error.message}</Alert>}
            <div className="vox-toolbar vox-toolbar--end">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" busy={report.isPending}>
                Send report
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}
