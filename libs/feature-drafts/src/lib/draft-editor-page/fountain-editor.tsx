import { useEffect, useRef } from 'react';
import { autocompletion, closeCompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, openSearchPanel, search, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension, RangeSetBuilder, type Text } from '@codemirror/state';
import { Decoration, type DecorationSet, drawSelection, EditorView, highlightActiveLine, keymap, placeholder, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import type { Text as SharedText, UndoManager } from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import { whenIdle } from '../when-idle';
import { commentedLines, setCommentedLines } from './comment-lines';
import type { LineRange } from './comment-threads';
import { cueName, isSceneHeading } from './fountain-outline';
import { remoteCursors } from './remote-cursors';
import { completionKeys, completionLabel, type KnownNames, pagesAndRevisions, type RevisionState, screenplayCompletion, setRevision } from './screenwriter-tools';

/**
 * The Fountain editor (CodeMirror 6), loaded with import() by the editor page only: colours
 * scene headings, character cues, dialogue, parentheticals, transitions and the title page;
 * completes cues and scene headings, shows the page count and the cursor's page, marks the lines
 * of the current revision colour in the margin (screenwriter-tools.ts); finds and replaces (Ctrl/Cmd+F). The text is
 * the draft's shared document (y-codemirror.next binds it: everyone's changes arrive in place, and
 * their cursors and selections show with their names and colours; undo takes back only my own
 * changes). React only hears of changes, so a keystroke never waits for a render.
 */
export interface FountainEditorHandle {
  jumpTo(offset: number): void;
  openSearch(): void;
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

/** The shared document's text and who is in it (co-writing.ts). */
export interface SharedDoc {
  text: SharedText;
  awareness: Awareness;
  /** Takes back my own changes only, never a co-writer's. */
  undoManager: UndoManager;
}

export interface FountainEditorProps {
  shared: SharedDoc;
  /** A reader may look, place a cursor and select, but not type (a commenter). */
  readOnly?: boolean;
  /** Access ended: the text stays on screen, nothing more can be done in it. */
  cutOff?: boolean;
  /**
   * The text changed (typed here or by a co-writer): `read()` answers it. A reader, not the text:
   * making a 5,000-line draft's string on every keystroke cost a copy of the draft (and its garbage) per key.
   */
  onChange(read: () => string): void;
  /** Names and places to complete (the page's outline, as of the last pause in typing); without it, the whole text's outline. */
  known?(): KnownNames;
  onReady(handle: FountainEditorHandle): void;
  label: string;
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
  /** How the text is kept: the shared document (its own undo), or, for the warm-up, CodeMirror's history. */
  binding?: Extension;
}

/** The editor's extensions: the page's editor and the warm-up's throw-away one run the same. */
function editorExtensions({ label, known, onDocChange, spellcheck, binding }: ExtensionOptions): Extension[] {
  return [
    binding ?? [history(), keymap.of(historyKeymap)],
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
    keymap.of([...defaultKeymap, ...searchKeymap, indentWithTab]),
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
 * measure), and it is gone, about one frame after it began. `onDocChange` gets its changes. The
 * page's editor, shared document, undo history and focus are not touched. Answers a function that stops it early (the page leaving, the
 * writer typing meanwhile).
 */
export function warmTypingPath(options: Omit<ExtensionOptions, 'spellcheck' | 'binding'>, doc: Document = document): () => void {
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

/** What the writer may do in the text: type, read (aria-readonly, still a cursor and selections), or nothing. */
const accessOf = (readOnly: boolean, cutOff: boolean): Extension => [
  EditorState.readOnly.of(readOnly || cutOff),
  EditorView.editable.of(!cutOff),
  EditorView.contentAttributes.of(readOnly || cutOff ? { 'aria-readonly': 'true' } : {}),
];

export function FountainEditor({ shared, readOnly = false, cutOff = false, onChange, onReady, known, label }: FountainEditorProps) {
  const access = useRef(new Compartment());
  const viewRef = useRef<EditorView | null>(null);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: access.current.reconfigure(accessOf(readOnly, cutOff)) });
  }, [readOnly, cutOff]);
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const ready = useRef(onReady);
  ready.current = onReady;
  const names = useRef(known);
  names.current = known;

  useEffect(() => {
    if (!host.current) return;
    let stopWarm: (() => void) | undefined;
    const completionNames = known && ((): KnownNames => names.current?.() ?? NO_NAMES);
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: shared.text.toString(),
        extensions: editorExtensions({
          label,
          known: completionNames,
          spellcheck: true,
          binding: [
            // The text and my undo; the others' cursors are remote-cursors.ts's.
            yCollab(shared.text, null, { undoManager: shared.undoManager }),
            remoteCursors(shared.text, shared.awareness),
            keymap.of(yUndoManagerKeymap),
            access.current.of(accessOf(readOnly, cutOff)),
          ],
          onDocChange(update) {
            // The writer typed before the warm-up ended: it stops (its work is not in their keystrokes).
            stopWarm?.();
            const doc = update.state.doc;
            changed.current(() => doc.toString());
          },
        }),
      }),
    });
    viewRef.current = view;
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
        onDocChange: () => undefined,
      });
    });
    return () => {
      cancelIdle();
      stopWarm?.();
      viewRef.current = null;
      view.destroy();
    };
    // The editor is made once; later texts arrive through the shared document (yCollab).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={host} className="vox-draft-editor__code" />;
}
