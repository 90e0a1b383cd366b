// The audition (recorder, cues) and review (players, scene, casting) pages: their own entry, so the
// board and a call load without @vox/recording (libs/feature-casting/README.md, "Entries").
export { AuditionPage } from './lib/audition-page/audition-page';
export { ReviewPage } from './lib/review-page/review-page';
