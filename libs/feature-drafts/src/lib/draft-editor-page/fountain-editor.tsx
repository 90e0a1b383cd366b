import { useEffect, useRef } from 'react';
import { autocompletion, closeCompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, openSearchPanel, search, searchKeymap } from '@codemirror/search';
import { type ChangeSet, EditorState, type Extension, RangeSetBuilder, type Text, Transaction } from '@codemirror/state';
import { Decoration, type DecorationSet, drawSelection, EditorView, highlightActiveLine, keymap, placeholder, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { editBetween, type TextEdit } from '@vox/fountain';
import { whenIdle } from '../when-idle';
import { commentedLines, setCommentedLines } from './comment-lines';
import type { LineRange } from './comment-threads';
import { cueName, isSceneHeading } from './fountain-outline';
import { completionKeys, completionLabel, type KnownNames, pagesAndRevisions, type RevisionState, screenplayCompletion, setRevision } from './screenwriter-tools';

/**
 * The Fountain editor (CodeMirror 6), loaded with import() by the editor page only: colours
 * scene headings, character cues, dialogue, parentheticals, transitions and the title page;
 * completes cues and scene headings, shows the page count and the cursor's page, marks the lines
 * of the current revision colour in the margin (screenwriter-tools.ts); finds and replaces (Ctrl/Cmd+F). CodeMirror owns
 * the text while typing: React only hears of changes, so a keystroke never waits for a render.
 */
export interface FountainEditorHandle {
  jumpTo(offset: number): void;
  openSearch(): void;
  /**
   * Makes the text `text` without handing it back through onChange, replacing only what differs
   * (`edits`, in the current text's positions, when the caller knows them: a merge's lines), so
   * the cursor and the lines around it stay where the writer has them; it is no step of the
   * writer's undo history.
   */
  setText(text: string, edits?: readonly TextEdit[]): void;
  focus(): void;
  /** The draft's revision colour and the text it started from: the margin marks the lines changed since. */
  setRevision(revision: RevisionState): void;
  /** The whole lines the selection (or the cursor) is on, and their text. */
  selectedLines(): LineRange & { quote: string };
  /** Selects lines `fromLine`..`toLine` and scrolls them into view. */
  selectLines(range: LineRange): void;
  /** Marks the lines under open comment threads. */
  setCommentedLines(ranges: readonly LineRange[]): void;
}

export interface FountainEditorProps {
  initialText: string;
  /**
   * The text changed: `read()` answers it. A reader, not the text: making a 5,000-line draft's
   * string on every keystroke cost a copy of the draft (and its garbage) per key. `edits`: the
   * change as replacements, each on the text after the one before (see `editsOf`).
   */
  onChange(read: () => string, edits: readonly TextEdit[]): void;
  /** Names and places to complete (the page's outline, as of the last pause in typing); without it, the whole text's outline. */
  known?(): KnownNames;
  onReady(handle: FountainEditorHandle): void;
  label: string;
  /**
   * The warm-up's changes (see `warmTypingPath`), as `onChange` would get them: the page runs its
   * change path on a throw-away copy (never its own autosave or text).
   */
  onWarm?(read: () => string, edits: readonly TextEdit[]): void;
}

interface LineState {
  /** The line before was blank (or this is the first line). */
  blankBefore: boolean;
  /** Inside a character's speech (after a cue, until a blank line). */
  dialogue: boolean;
  /** Still on the title page at the top. */
  titlePage: boolean;
  line: number;
}

const TRANSITION = /^(?:FADE (?:TO BLACK|OUT)|CUT TO BLACK)\.$|^[^a-z]*TO:$/;

/** A line's kind: its class, or null for action. */
type LineKind = 'vox-fountain-title' | 'vox-fountain-parenthetical' | 'vox-fountain-dialogue' | 'vox-fountain-scene' | 'vox-fountain-transition' | 'vox-fountain-character' | null;

const blankLine = (state: LineState) => {
  state.blankBefore = true;
  state.dialogue = false;
  state.titlePage = false;
  state.line++;
};

/** The kind of a non-empty line, advancing the state to the next line. */
function lineKind(text: string, state: LineState): LineKind {
  const trimmed = text.trim();
  const blankBefore = state.blankBefore;
  const first = state.line === 0;
  state.blankBefore = false;
  state.line++;
  if (state.titlePage && (first ? /^[A-Za-z][A-Za-z ]*:/.test(text) : true)) return 'vox-fountain-title';
  state.titlePage = false;
  if (/^\[\[.*\]\]$/.test(trimmed) || trimmed.startsWith('=') || trimmed.startsWith('#')) return 'vox-fountain-parenthetical';
  if (state.dialogue) return trimmed.startsWith('(') ? 'vox-fountain-parenthetical' : 'vox-fountain-dialogue';
  if (blankBefore && isSceneHeading(trimmed)) return 'vox-fountain-scene';
  if (blankBefore && ((trimmed.startsWith('>') && !trimmed.endsWith('<')) || TRANSITION.test(trimmed))) return 'vox-fountain-transition';
  // A line cannot look at the next one here: an upper-case line after a blank one reads as a cue.
  if (blankBefore && cueName(trimmed)) {
    state.dialogue = true;
    return 'vox-fountain-character';
  }
  return null;
}

const marks = new Map<Exclude<LineKind, null>, Decoration>();
const mark = (kind: Exclude<LineKind, null>) => marks.get(kind) ?? (marks.set(kind, Decoration.mark({ class: kind })), marks.get(kind) as Decoration);

/**
 * Fountain's colours for the lines on screen. A line's kind depends only on the lines since the
 * blank line before it (and, at the top, the title page), so each visible line is read from the
 * start of its paragraph: no parse of the whole text from the top. (A CodeMirror stream language
 * did that: after a jump into a long draft, the first keystrokes each parsed thousands of lines,
 * up to 20 ms in the key's own task; tools/bench/README.md, drafts editor.)
 */
export function fountainDecorations(doc: Text, ranges: readonly { from: number; to: number }[]): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  let done = 0;
  for (const { from, to } of ranges) {
    const last = doc.lineAt(to).number;
    const number = Math.max(doc.lineAt(from).number, done + 1);
    if (number > last) continue;
    // Back to the start of the paragraph (the line after an empty one, or the first line).
    let start = number;
    while (start > 1 && doc.line(start - 1).length > 0) start--;
    const state: LineState = { blankBefore: true, dialogue: false, titlePage: start === 1, line: start === 1 ? 0 : 1 };
    for (let n = start; n <= last; n++) {
      const line = doc.line(n);
      if (line.length === 0) {
        blankLine(state);
        continue;
      }
      const kind = lineKind(line.text, state);
      if (n >= number && kind) builder.add(line.from, line.to, mark(kind));
    }
    done = last;
  }
  return builder.finish();
}

const fountainHighlight = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = fountainDecorations(view.state.doc, view.visibleRanges);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) this.decorations = fountainDecorations(update.state.doc, update.view.visibleRanges);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * A CodeMirror change as replacements applied one after the other, left to right: each one's
 * positions are in the text after the ones before it (what `applyEdit` in @vox/fountain takes).
 */
export function editsOf(changes: ChangeSet): TextEdit[] {
  const edits: TextEdit[] = [];
  changes.iterChanges((fromA, toA, fromB, _toB, inserted) => {
    edits.push({ from: fromB, to: fromB + (toA - fromA), insert: inserted.toString() });
  });
  return edits;
}

/** How long after the last keystroke (or move) the cursor blinks again. */
export const CURSOR_REST_MS = 700;

/**
 * A still cursor while the writer types, blinking again after a pause (as most word processors
 * do). CodeMirror's `drawSelection` restarts the blink animation on every selection change; a
 * running animation, restarted per key, cost each keystroke a style recalculation, an
 * `animationstart` and frames of their own (tools/bench/README.md, drafts editor). While typing,
 * the cursor layer carries `vox-cursor-steady` (`animation: none`); one timer per pause, not per
 * key, takes it off. `prefers-reduced-motion` keeps the cursor still throughout (the CSS).
 */
export const steadyCursorWhileTyping = ViewPlugin.fromClass(
  class {
    private layer: HTMLElement | null = null;
    private last = 0;
    private timer: ReturnType<typeof setTimeout> | undefined;
    constructor(private readonly view: EditorView) {}
    update(update: ViewUpdate) {
      if (!update.docChanged && !update.selectionSet) return;
      this.last = Date.now();
      if (this.timer !== undefined) return;
      this.layer ??= this.view.scrollDOM.querySelector<HTMLElement>('.cm-cursorLayer');
      this.layer?.classList.add('vox-cursor-steady');
      this.rest(CURSOR_REST_MS);
    }
    private rest(after: number) {
      this.timer = setTimeout(() => {
        const left = this.last + CURSOR_REST_MS - Date.now();
        if (left > 0) return this.rest(left);
        this.timer = undefined;
        this.layer?.classList.remove('vox-cursor-steady');
      }, after);
    }
    destroy() {
      clearTimeout(this.timer);
    }
  },
);

interface ExtensionOptions {
  label: string;
  known?: () => KnownNames;
  /** Every update that changed the text. */
  onDocChange(update: ViewUpdate): void;
  spellcheck: boolean;
}

/** The editor's extensions: the page's editor and the warm-up's throw-away one run the same. */
function editorExtensions({ label, known, onDocChange, spellcheck }: ExtensionOptions): Extension[] {
  return [
    history(),
    drawSelection(),
    steadyCursorWhileTyping,
    highlightActiveLine(),
    EditorView.lineWrapping,
    fountainHighlight,
    autocompletion({ override: [screenplayCompletion(known)], activateOnTyping: true }),
    completionKeys,
    completionLabel,
    pagesAndRevisions(),
    commentedLines,
    search({ top: true }),
    highlightSelectionMatches(),
    placeholder('INT. SOMEWHERE - NIGHT\n\nStart writing…'),
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
    // tabindex: the text is in the tab order as any contenteditable is; said outright, axe counts it
    // as the scrolling region's focusable content (scrollable-region-focusable, once a draft scrolls).
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', spellcheck: spellcheck ? 'true' : 'false', tabindex: '0' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onDocChange(update);
    }),
  ];
}

const NO_NAMES: KnownNames = { characters: [], locations: [] };

/** A few lines of a screenplay for the warm-up: a scene heading, action, a cue and its speech. */
const WARM_TEXT = 'INT. WARM-UP - DAY\n\nThe lamp flickers.\n\nMARA\nStill here.\n\nMA';

/** The longest the warm-up's editor lives (it ends after its first frame; a hidden tab has none). */
export const WARM_MS = 100;

/**
 * Runs the typing path once, on a throw-away editor, while the page is idle after opening (issue
 * 13, part 8). The first keystrokes typed after opening cost more than the later ones (code
 * running for its first times: V8's lazy compilation and first inline caches of CodeMirror's DOM
 * reading, transaction, view update and measure; tools/bench/README.md, "Typing warm-up, session
 * h-warm"). This editor runs them on its own text, off screen, in a closed shadow root and
 * hidden from assistive technology: a character typed into its DOM (read back by CodeMirror as typing is), then a key
 * dispatched as typing on a cue line (the completion's update), then its first frame (the
 * measure), and it is gone, about one frame after it began. `onDocChange` gets its changes (the
 * page runs its change path on a throw-away copy). The page's editor, document, history, focus
 * and autosave are not touched. Answers a function that stops it early (the page leaving, the
 * writer typing meanwhile).
 */
export function warmTypingPath(options: Omit<ExtensionOptions, 'spellcheck'>, doc: Document = document): () => void {
  const host = doc.createElement('div');
  host.className = 'vox-draft-editor__warm-up';
  host.setAttribute('aria-hidden', 'true');
  host.setAttribute('inert', '');
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:480px;height:240px;overflow:hidden;visibility:hidden;pointer-events:none;contain:strict';
  // In a closed shadow root: nothing that looks for the editor in the page (its classes, a test's
  // locator, an extension) finds this one during its frame.
  const root = host.attachShadow({ mode: 'closed' });
  const parent = doc.createElement('div');
  root.appendChild(parent);
  doc.body.appendChild(host);
  const view = new EditorView({ root, parent, state: EditorState.create({ doc: WARM_TEXT, extensions: editorExtensions({ ...options, spellcheck: false }) }) });
  let done = false;
  let frame = -1;
  const win = doc.defaultView;
  const stop = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (frame >= 0) win?.cancelAnimationFrame(frame);
    // The completion's query waits 100 ms after a typed letter, and its timer outlives the editor
    // (it would run in the writer's first keystroke): closing the completion clears it.
    closeCompletion(view);
    view.destroy();
    host.remove();
  };
  const timer = setTimeout(stop, WARM_MS);
  try {
    // Typing as the browser does it: the key's events reach CodeMirror's handlers on its content
    // (not bubbling: no shortcut of the page hears them; a letter has no key binding), the text
    // node changes and CodeMirror's observer reads it back (a mutation record, delivered as a
    // microtask before the one below).
    const key = { key: 'e', code: 'KeyE', bubbles: false, cancelable: true };
    view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', key));
    view.contentDOM.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: 'e', bubbles: false, cancelable: true }));
    const line = view.state.doc.line(3);
    const at = view.domAtPos(line.from + 4);
    if (at.node.nodeType === 3) (at.node as globalThis.Text).insertData(at.offset, 'e');
    view.contentDOM.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: 'e', bubbles: false }));
    view.contentDOM.dispatchEvent(new KeyboardEvent('keyup', key));
    queueMicrotask(() => {
      if (done) return;
      // A key on a cue line: the transaction and view update with the completion's.
      const end = view.state.doc.length;
      view.dispatch({ changes: { from: end, insert: 'R' }, selection: { anchor: end + 1 }, userEvent: 'input.type' });
      // CodeMirror measures in the next frame (its request came first): gone right after.
      if (win?.requestAnimationFrame) frame = win.requestAnimationFrame(stop);
    });
  } catch {
    stop();
  }
  return stop;
}

export function FountainEditor({ initialText, onChange, onReady, known, label, onWarm }: FountainEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const ready = useRef(onReady);
  ready.current = onReady;
  const names = useRef(known);
  names.current = known;
  const warmed = useRef(onWarm);
  warmed.current = onWarm;

  useEffect(() => {
    if (!host.current) return;
    let silent = false;
    let stopWarm: (() => void) | undefined;
    const completionNames = known && ((): KnownNames => names.current?.() ?? NO_NAMES);
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialText,
        extensions: editorExtensions({
          label,
          known: completionNames,
          spellcheck: true,
          onDocChange(update) {
            // The writer typed before the warm-up ended: it stops (its work is not in their keystrokes).
            stopWarm?.();
            if (silent) return;
            const doc = update.state.doc;
            changed.current(() => doc.toString(), editsOf(update.changes));
          },
        }),
      }),
    });
    ready.current({
      jumpTo(offset) {
        const at = Math.min(offset, view.state.doc.length);
        view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'start', yMargin: 24 }) });
        view.focus();
      },
      openSearch: () => openSearchPanel(view),
      selectedLines() {
        const { doc, selection } = view.state;
        const { from, to, empty } = selection.main;
        const first = doc.lineAt(from);
        let last = doc.lineAt(to);
        // A selection of whole lines ends at the start of the next one, which it does not take.
        if (!empty && to === last.from && last.number > first.number) last = doc.line(last.number - 1);
        return { fromLine: first.number, toLine: last.number, quote: doc.sliceString(first.from, last.to) };
      },
      selectLines({ fromLine, toLine }) {
        const { doc } = view.state;
        const first = doc.line(Math.min(Math.max(1, fromLine), doc.lines));
        const last = doc.line(Math.min(Math.max(first.number, toLine), doc.lines));
        view.dispatch({ selection: { anchor: first.from, head: last.to }, effects: EditorView.scrollIntoView(first.from, { y: 'center' }) });
      },
      setCommentedLines: (ranges) => view.dispatch({ effects: setCommentedLines.of(ranges) }),
      setText(text, edits) {
        const current = view.state.doc.toString();
        if (current === text) return;
        silent = true;
        try {
          let changes: ChangeSet | null = null;
          if (edits && edits.length > 0) {
            try {
              const made = view.state.changes(edits.map((edit) => ({ ...edit })));
              if (made.apply(view.state.doc).toString() === text) changes = made;
            } catch {
              // Not made on this text: one replacement below.
            }
          }
          view.dispatch({ changes: changes ?? editBetween(current, text), annotations: Transaction.addToHistory.of(false) });
        } finally {
          silent = false;
        }
      },
      focus: () => view.focus(),
      setRevision: (revision) => view.dispatch({ effects: setRevision.of(revision) }),
    });
    // Once the page is idle after opening, the typing path runs once off screen (see warmTypingPath).
    const cancelIdle = whenIdle(() => {
      stopWarm = warmTypingPath({
        // Not the editor's name: nothing that looks the editor up by it finds this one.
        label: 'Warm-up',
        // The completion's query runs, but finds no name: no list opens (a list is not what most keys do).
        known: completionNames && (() => NO_NAMES),
        onDocChange: (update) => {
          warmed.current?.(() => update.state.doc.toString(), editsOf(update.changes));
        },
      });
    });
    return () => {
      cancelIdle();
      stopWarm?.();
      view.destroy();
    };
    // The editor is made once; later texts arrive through setText.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={host} className="vox-draft-editor__code" />;
}
