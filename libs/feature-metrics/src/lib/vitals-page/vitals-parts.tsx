import { useId, type ReactNode } from 'react';
import type { VitalSummary } from '@vox/contract';
import { percent } from './vitals-format';

/** A labelled select of the page's filters and the comparison's versions. */
export function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <label className="vox-staff__filter" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** Good / needs improvement / poor as a bar and in words. */
export function Shares({ row }: { row: Pick<VitalSummary, 'count' | 'good' | 'needsImprovement' | 'poor'> }) {
  const good = percent(row.good, row.count);
  const ni = percent(row.needsImprovement, row.count);
  const poor = percent(row.poor, row.count);
  return (
    <div className="vox-vitals__shares">
      <div className="vox-vitals__bar" aria-hidden="true">
        <span className="vox-vitals__bar-good" style={{ width: `${good}%` }} />
        <span className="vox-vitals__bar-ni" style={{ width: `${ni}%` }} />
        <span className="vox-vitals__bar-poor" style={{ width: `${poor}%` }} />
      </div>
      <span className="vox-staff__meta">
        {good}% good · {ni}% needs improvement · {poor}% poor
      </span>
    </div>
  );
}

/** p75 per day as a small line; the days without samples leave gaps. */
