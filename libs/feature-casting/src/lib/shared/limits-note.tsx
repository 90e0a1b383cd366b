import { Link } from 'react-router';
import { CASTING_MESSAGES, OPEN_CALLS } from '@vox/contract/casting';
import { Alert } from '@vox/ui';
import { href } from '@vox/variant';
import { useCastingLimits } from '../api/casting';

/** "1 of 1 open calls used", before the member reaches the limit, and the way to more. */
export function LimitsNote() {
  const limits = useCastingLimits();
  if (!limits.data) return null;
  const { open, max } = limits.data;
  const atLimit = open >= max;
  return (
    <div className="vox-stack vox-stack--close">
      <p>
        <strong>
          {open} of {max} open {max === 1 ? 'call' : 'calls'} used.
        </strong>{' '}
        {max < OPEN_CALLS.writerOrPremium && (
          <>
            A writer or premium membership allows {OPEN_CALLS.writerOrPremium}: <Link to={href('membership')}>see memberships</Link>.
          </>
        )}
      </p>
      {atLimit && <Alert variant="info">{CASTING_MESSAGES.openCallsLimit}</Alert>}
    </div>
  );
}

/** Whether I may open one more call (unknown while the limits load: the server decides). */
export function useAtLimit(): boolean {
  const limits = useCastingLimits();
  return !!limits.data && limits.data.open >= limits.data.max;
}
