// Fountain (https://fountain.io) screenplay text <-> the structured script of @vox/contract.
// Used by the script editor (import/export) and by `npm run seed:demo`. See README.md.
export {
  normalizeFountainScript,
  normalizeLine,
  tidyParenthetical,
  type FountainLine,
  type FountainScript,
} from './lib/fountain';
export { parseFountain } from './lib/parse';
export { toFountain } from './lib/write';
export { layoutScreenplay, wrap, LAYOUT, LINES_PER_PAGE, type LayoutKind, type LayoutLine, type ScreenplayPage } from './lib/layout';
export { applyEdit, countWords, editBetween, pageEstimate, type TextEdit } from './lib/text-edits';
// Sound cues as Fountain notes.
export { cueNote, readCueNotes, toFountainWithCues, type FountainCue } from './lib/cues';
