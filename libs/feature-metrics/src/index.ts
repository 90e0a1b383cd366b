export { MetricsPage } from './lib/metrics-page/metrics-page';
export { METRICS_CHARTS } from './lib/metrics-page/metrics-charts';
export { StaffGate } from './lib/staff-gate/staff-gate';
export { DashboardSite } from './lib/staff-pages/dashboard-site';
