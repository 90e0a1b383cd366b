// The board, a call, its form and my calls; the audition and review pages are in ./audition-pages.ts.
export { CastingBoardPage } from './lib/board-page/board-page';
export { CastingCallPage } from './lib/call-page/call-page';
export { CastingCallFormPage } from './lib/call-form/call-form-page';
export { MyCastingCallsPage } from './lib/my-calls-page/my-calls-page';
export { ReportedCallsPage } from './lib/reports-page/reports-page';
