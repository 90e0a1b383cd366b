import { RemoteRoot } from '@vox/auth';
import { DashboardSite, StaffGate } from '@vox/feature-metrics';

/**
 * The dashboard site, which the shell also uses for any path with /metrics:
 * every path shows the metrics to staff (and /metrics/jobs, /metrics/requests their staff pages);
 * anyone else gets the login modal over a short notice.
 */
export default function App() {
  return (
    <RemoteRoot name="dashboard" build={process.env.VOX_BUILD_LABEL}>
      <StaffGate>
        <DashboardSite />
      </StaffGate>
    </RemoteRoot>
  );
}
