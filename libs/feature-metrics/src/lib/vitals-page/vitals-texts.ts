export const VITALS_TEXTS = {
  title: 'Web vitals',
  lead: 'How fast pages load and respond for real visitors: the 75th percentile (p75) of each metric over the last 28 days, and the share of page views rated good, needs improvement or poor by the Core Web Vitals thresholds.',
  none: 'No page view has reported its vitals in this range yet.',
  compareTitle: 'Compare two remote versions',
  compareLead: 'Pick two versions of one remote to see their p75 and shares side by side.',
  compareNone: 'Pick two versions of the same remote.',
  groupsTitle: 'By site, route and remote version',
  failuresTitle: 'Remote load failures',
  failuresLead: 'Released remote versions that failed to load in visitors’ browsers over the last 28 days (their entry or code did not arrive), and the fallback the page turned to instead.',
  failuresNone: 'No remote has failed to load in this range.',
} as const;
