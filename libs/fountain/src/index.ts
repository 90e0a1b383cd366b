// Fountain (https://fountain.io) screenplay text <-> the structured script of @vox/contract.
// Used by the script editor (import/export), the drafts (import, layout, PDF) and by `npm run seed:demo`. See README.md.
export {
  normalizeFountainScript,
  tidyParenthetical,
  type FountainLine,
  type FountainScript,
} from './lib/fountain';
export { parseFountain } from './lib/parse';
export { toFountain } from './lib/write';
export { layoutScreenplay, pageAt, pageCount, printedPages, wrap, LAYOUT, LINES_PER_PAGE, type LayoutKind, type LayoutLine, type ScreenplayPage } from './lib/layout';
export { applyEdit, countWords, editBetween } from './lib/text-edits';
// A screenplay file the writer chose (the script editor's import; the API checks a Fountain file imported as a draft the same way).
export {
  FOUNTAIN_FILE_ACCEPT,
  FOUNTAIN_FILE_MAX_BYTES,
  FOUNTAIN_FILE_MESSAGES,
  fountainFileText,
  readFountainFile,
} from './lib/file';
// Sound cues as Fountain notes.
export { cueNote, readCueNotes, toFountainWithCues, type FountainCue } from './lib/cues';
// Revision colours and the lines a revision changed (the editor's margin, the PDF's asterisks).
export { changedTextLines, revisionColorHex, revisionColorName, revisionMarks } from './lib/revisions';
