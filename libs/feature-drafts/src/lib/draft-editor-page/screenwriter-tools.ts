import { acceptCompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState, type Extension, Prec, RangeSet, StateEffect, StateField, type Text } from '@codemirror/state';
import { type EditorView, GutterMarker, gutter, keymap, type Panel, showPanel, type ViewUpdate } from '@codemirror/view';
import { changedTextLines, pageAt, revisionColorHex } from '@vox/fountain';
import { completeLine, outlineOf } from './fountain-outline';

/**
 * The screenwriter's tools of the Fountain editor, as CodeMirror extensions that read only the
 * editor's own state (its text, its cursor, and what the page hands in through effects): page
 * count and the cursor's page, completion of cues and scene headings, and the revision colour's
 * margin marks. None of them knows how the text is saved or merged, so they work the same on any
 * document source (a shared, collaborative one included).
 */

/** What completion offers beyond the line itself: the names and places the script already uses. */
export interface KnownNames {
  characters: readonly string[];
  locations: readonly string[];
}

/** How long after the last keystroke or move the page status and the margin marks are worked out again. */
export const TOOLS_REST_MS = 300;

// --- Completion ----------------------------------------------------------------------------

/**
 * Cues and scene headings on a line that follows a blank one (fountain-outline's completeLine):
 * character names and their extensions, INT./EXT. openings, places and times of day. Without
 * `known`, the names and places are read from the whole text.
 */
export const screenplayCompletion =
  (known?: () => KnownNames) =>
  (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    if (line.number > 1 && context.state.doc.line(line.number - 1).text.trim() !== '') return null;
    const typed = line.text.slice(0, context.pos - line.from);
    const found = completeLine(typed, known ? known() : outlineOf(context.state.doc.toString()));
    if (!found) return null;
    return {
      from: line.from + found.from,
      options: found.options.map((option) => ({ label: option.label, apply: option.apply, detail: option.detail, type: option.detail === 'character' ? 'variable' : 'keyword' })),
      filter: false,
    };
  };

/** Tab accepts a suggestion as Enter does (Escape closes the list); with no list open, Tab indents. */
export const completionKeys: Extension = Prec.highest(keymap.of([{ key: 'Tab', run: acceptCompletion }]));

/** The suggestion list's name, read out by screen readers. */
export const completionLabel: Extension = EditorState.phrases.of({ Completions: 'Suggestions: character names and scene headings' });

// --- Pages ---------------------------------------------------------------------------------

/** "12 pages", "1 page", "No pages yet". */
export const pagesText = (pages: number) => (pages === 0 ? 'No pages yet' : pages === 1 ? '1 page' : `${pages.toLocaleString('en')} pages`);

/** "Page 3 of 12" (empty when nothing prints). */
export const pageOfText = (page: number, pages: number) => (pages === 0 ? '' : `Page ${page} of ${pages}`);

// --- Revision colour -----------------------------------------------------------------------

export interface RevisionState {
  /** The text when the revision set started; null while White (nothing is marked). */
  base: string | null;
  /** The colour's place in the sequence, and its name ("Blue"). */
  color: number;
  name: string;
}

/** The page hands the draft's revision colour in (at opening, and when the writer starts a new one). */
export const setRevision = StateEffect.define<RevisionState>();
const setMarks = StateEffect.define<RangeSet<GutterMarker>>();

const revisionState = StateField.define<RevisionState>({
  create: () => ({ base: null, color: 0, name: 'White' }),
  update: (value, tr) => tr.effects.reduce((current, effect) => (effect.is(setRevision) ? effect.value : current), value),
});

class RevisionMarker extends GutterMarker {
  constructor(
    readonly color: number,
    readonly name: string,
  ) {
    super();
  }
  override eq(other: RevisionMarker) {
    return other.color === this.color;
  }
  override toDOM() {
    const mark = document.createElement('span');
    mark.className = 'vox-revision-mark';
    mark.textContent = '*';
    mark.style.setProperty('--vox-revision-color', revisionColorHex(this.color));
    mark.title = `Changed in the ${this.name} revision`;
    mark.setAttribute('aria-label', `Changed in the ${this.name} revision`);
    return mark;
  }
}

/** The margin marks: moved with every change, worked out again once typing pauses. */
const revisionMarks = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(marks, tr) {
    for (const effect of tr.effects) if (effect.is(setMarks)) return effect.value;
    return tr.docChanged ? marks.map(tr.changes) : marks;
  },
});

/** The changed lines of `doc` against the revision's base, as margin marks. */
export function marksOf(doc: Text, revision: RevisionState): RangeSet<GutterMarker> {
  if (revision.base === null) return RangeSet.empty;
  const marker = new RevisionMarker(revision.color, revision.name);
  return RangeSet.of(
    changedTextLines(revision.base, doc.toString())
      .filter((number) => number <= doc.lines)
      .map((number) => marker.range(doc.line(number).from)),
  );
}

/**
 * The status bar under the text: the page count and the cursor's page by @vox/fountain's
 * `pageAt` (the PDF's own pagination), and the revision colour with how many lines it changed.
 * It and the margin marks are worked out once typing or moving pauses, not per key.
 */
function statusPanel(view: EditorView): Panel {
  const dom = document.createElement('div');
  dom.className = 'vox-draft-status';
  dom.setAttribute('role', 'group');
  dom.setAttribute('aria-label', 'Script status');
  const pages = document.createElement('span');
  pages.className = 'vox-draft-status__pages';
  const page = document.createElement('span');
  page.className = 'vox-draft-status__page';
  const revision = document.createElement('span');
  revision.className = 'vox-draft-status__revision';
  dom.append(pages, page, revision);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let marksDue = true;

  const refresh = () => {
    timer = undefined;
    const state = view.state;
    const text = state.doc.toString();
    const at = pageAt(text, state.selection.main.head);
    pages.textContent = pagesText(at.pages);
    page.textContent = pageOfText(at.page, at.pages);
    const current = state.field(revisionState);
    let marks = state.field(revisionMarks);
    if (marksDue) {
      marksDue = false;
      marks = marksOf(state.doc, current);
      view.dispatch({ effects: setMarks.of(marks) });
    }
    revision.textContent = current.base === null ? '' : `${current.name} revision: ${marks.size === 1 ? '1 line changed' : `${marks.size} lines changed`}`;
    revision.style.setProperty('--vox-revision-color', revisionColorHex(current.color));
  };
  const later = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(refresh, TOOLS_REST_MS);
  };
  // Not during the editor's own making (a dispatch is not allowed then): right after.
  timer = setTimeout(refresh, 0);
  return {
    dom,
    update(update: ViewUpdate) {
      const revised = update.transactions.some((tr) => tr.effects.some((effect) => effect.is(setRevision)));
      if (update.docChanged || revised) marksDue = true;
      if (update.docChanged || update.selectionSet || revised) later();
    },
    destroy: () => clearTimeout(timer),
  };
}

/** Page count, the cursor's page, and the revision colour's margin marks. */
export function pagesAndRevisions(): Extension {
  return [
    revisionState,
    revisionMarks,
    gutter({ class: 'vox-revision-gutter', markers: (view) => view.state.field(revisionMarks) }),
    showPanel.of(statusPanel),
  ];
}
