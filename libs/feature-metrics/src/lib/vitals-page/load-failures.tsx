import { Alert, Spinner } from '@vox/ui';
import { useRemoteFailures } from '../api/vitals';
import { VITALS_TEXTS } from './vitals-texts';

/** Load failures per remote version (GET /api/vitals/remote-failures): what a release did to visitors beyond its vitals. */
export function LoadFailures() {
  const failures = useRemoteFailures();
  return (
    <section className="vox-stack" aria-labelledby="vox-vitals-failures">
      <h2 id="vox-vitals-failures" className="vox-vitals__section-title">
        {VITALS_TEXTS.failuresTitle}
      </h2>
      <p className="vox-staff__meta">{VITALS_TEXTS.failuresLead}</p>
      {failures.isPending ? (
        <Spinner label="Loading the load failures" />
      ) : failures.isError ? (
        <Alert>{failures.error.message}</Alert>
      ) : failures.data.groups.length === 0 ? (
        <p className="vox-empty">{VITALS_TEXTS.failuresNone}</p>
      ) : (
        <div className="vox-vitals__scroll" tabIndex={0} role="region" aria-labelledby="vox-vitals-failures">
          <table className="vox-vitals__table">
            <caption className="vox-vitals__caption">{VITALS_TEXTS.failuresTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Remote version</th>
                <th scope="col">Fallback</th>
                <th scope="col">Failures</th>
                <th scope="col">Saved by the fallback</th>
                <th scope="col">Last</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {failures.data.groups.map((g) => (
                <tr key={`${g.remote} ${g.version} ${g.fallbackVersion}`}>
                  <td>
                    {g.remote} {g.version}
                  </td>
                  <td>{g.fallbackVersion}</td>
                  <td>{g.count}</td>
                  <td>{g.recovered}</td>
                  <td>{g.lastAt.slice(0, 16).replace('T', ' ')} UTC</td>
                  <td className="vox-vitals__reason">{g.lastReason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
