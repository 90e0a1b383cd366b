import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

// Two entries (libs/feature-casting/README.md, "Entries"): the board, a call and its form load
// without the recorder and the players, which only the audition and review pages need.
const callPages = () => import('@vox/feature-casting');
const auditionPages = () => import('@vox/feature-casting/audition-pages');

export const castingPages: PageRecord = {
  castingBoard: lazyPage(callPages, (m) => m.CastingBoardPage),
  castingCall: lazyPage(callPages, (m) => m.CastingCallPage),
  castingLink: lazyPage(callPages, (m) => m.CastingCallPage),
  castingCreate: lazyPage(callPages, (m) => m.CastingCallFormPage),
  castingEdit: lazyPage(callPages, (m) => m.CastingCallFormPage),
  castingMine: lazyPage(callPages, (m) => m.MyCastingCallsPage),
  castingReports: lazyPage(callPages, (m) => m.ReportedCallsPage),
  castingAudition: lazyPage(auditionPages, (m) => m.AuditionPage),
  castingReview: lazyPage(auditionPages, (m) => m.ReviewPage),
};
