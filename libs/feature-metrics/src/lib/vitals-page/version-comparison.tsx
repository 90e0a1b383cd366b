import { useSearchParams } from 'react-router';
import { Alert, Spinner } from '@vox/ui';
import type { VitalsQuery } from '@vox/contract';
import { VITAL_METRICS } from '@vox/contract/vitals';
import { useVitals } from '../api/vitals';
import { formatVital, percent } from './vitals-format';
import { Select } from './vitals-parts';
import { VITALS_TEXTS } from './vitals-texts';

/** Two versions of one remote side by side. */
export function VersionComparison({ base, versions }: { base: VitalsQuery; versions: Array<{ remote: string; version: string }> }) {
  const [search, setSearch] = useSearchParams();
  const a = search.get('a') ?? '';
  const b = search.get('b') ?? '';
  const parse = (key: string) => {
    const [remote, version] = key.split(' ');
    return version ? { remote, version } : null;
  };
  const left = parse(a);
  const right = parse(b);
  const same = left && right && left.remote === right.remote;
  const queryA = useVitals({ ...base, route: undefined, remote: left?.remote, version: left?.version }, !!same);
  const queryB = useVitals({ ...base, route: undefined, remote: right?.remote, version: right?.version }, !!same);
  const set = (key: 'a' | 'b', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const options = versions.map((v) => (
    <option key={`${v.remote} ${v.version}`} value={`${v.remote} ${v.version}`}>
      {v.remote} {v.version}
    </option>
  ));
  return (
    <section className="vox-stack" aria-labelledby="vox-vitals-compare">
      <h2 id="vox-vitals-compare" className="vox-vitals__section-title">
        {VITALS_TEXTS.compareTitle}
      </h2>
      <p className="vox-staff__meta">{VITALS_TEXTS.compareLead}</p>
      <div className="vox-toolbar">
        <Select label="Version A" value={a} onChange={(v) => set('a', v)}>
          <option value="">Choose a version</option>
          {options}
        </Select>
        <Select label="Version B" value={b} onChange={(v) => set('b', v)}>
          <option value="">Choose a version</option>
          {options}
        </Select>
      </div>
      {!same ? (
        <p>{VITALS_TEXTS.compareNone}</p>
      ) : queryA.isError || queryB.isError ? (
        <Alert>{(queryA.error ?? queryB.error)?.message}</Alert>
      ) : !queryA.data || !queryB.data || queryA.isPlaceholderData || queryB.isPlaceholderData ? (
        <Spinner label="Loading the comparison" />
      ) : (
        <div className="vox-vitals__scroll" tabIndex={0} role="region" aria-label={VITALS_TEXTS.compareTitle}>
          <table className="vox-vitals__table">
            <caption className="vox-vitals__caption">
              {left.remote} {left.version} and {right.version}
            </caption>
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col">{left.version}</th>
                <th scope="col">{right.version}</th>
              </tr>
            </thead>
            <tbody>
              {VITAL_METRICS.map((metric, i) => {
                const one = queryA.data.metrics[i];
                const two = queryB.data.metrics[i];
                return (
                  <tr key={metric}>
                    <th scope="row">{metric}</th>
                    {[one, two].map((m, side) => (
                      <td key={side}>
                        <strong>p75 {formatVital(metric, m.p75)}</strong>
                        <br />
                        <span className="vox-staff__meta">
                          {percent(m.good, m.count)}% good · {percent(m.needsImprovement, m.count)}% needs improvement · {percent(m.poor, m.count)}% poor · {m.count}{' '}
                          {m.count === 1 ? 'sample' : 'samples'}
                        </span>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
