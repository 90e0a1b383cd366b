import { useEffect, useRef } from 'react';
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StringStream } from '@codemirror/language';
import { highlightSelectionMatches, openSearchPanel, search, searchKeymap } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { completeCue, cueName, isSceneHeading, outlineOf } from './fountain-outline';

/**
 * The Fountain editor (CodeMirror 6), loaded with import() by the editor page only: colours
 * scene headings, character cues, dialogue, parentheticals, transitions and the title page;
 * completes character names on a cue line; finds and replaces (Ctrl/Cmd+F). CodeMirror owns
 * the text while typing: React only hears of changes, so a keystroke never waits for a render.
 */
export interface FountainEditorHandle {
  jumpTo(offset: number): void;
  openSearch(): void;
  setText(text: string): void;
  focus(): void;
}

export interface FountainEditorProps {
  initialText: string;
  /**
   * The text changed: `read()` answers it. A reader, not the text: making a 5,000-line draft's
   * string on every keystroke cost a copy of the draft (and its garbage) per key.
   */
  onChange(read: () => string): void;
  /** Character names to complete on a cue line (the page's outline, as of the last pause in typing). */
  characters?(): readonly string[];
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

/** Fountain as a line-by-line stream language: each line is one token kind. */
export const fountainLanguage = StreamLanguage.define<LineState>({
  name: 'fountain',
  startState: () => ({ blankBefore: true, dialogue: false, titlePage: true, line: 0 }),
  copyState: (state) => ({ ...state }),
  blankLine(state) {
    state.blankBefore = true;
    state.dialogue = false;
    state.titlePage = false;
    state.line++;
  },
  token(stream: StringStream, state: LineState): string | null {
    const text = stream.string;
    const trimmed = text.trim();
    stream.skipToEnd();
    const blankBefore = state.blankBefore;
    const first = state.line === 0;
    state.blankBefore = false;
    state.line++;
    if (state.titlePage && (first ? /^[A-Za-z][A-Za-z ]*:/.test(text) : true)) return 'meta';
    state.titlePage = false;
    if (/^\[\[.*\]\]$/.test(trimmed) || trimmed.startsWith('=') || trimmed.startsWith('#')) return 'comment';
    if (state.dialogue) return trimmed.startsWith('(') ? 'comment' : 'string';
    if (blankBefore && isSceneHeading(trimmed)) return 'heading';
    if (blankBefore && ((trimmed.startsWith('>') && !trimmed.endsWith('<')) || TRANSITION.test(trimmed))) return 'keyword';
    // A stream parser cannot look at the next line: an upper-case line after a blank one reads as a cue.
    if (blankBefore && cueName(trimmed)) {
      state.dialogue = true;
      return 'variableName';
    }
    return null;
  },
});

const fountainHighlight = HighlightStyle.define([
  { tag: tags.heading, class: 'vox-fountain-scene' },
  { tag: tags.variableName, class: 'vox-fountain-character' },
  { tag: tags.string, class: 'vox-fountain-dialogue' },
  { tag: tags.comment, class: 'vox-fountain-parenthetical' },
  { tag: tags.keyword, class: 'vox-fountain-transition' },
  { tag: tags.meta, class: 'vox-fountain-title' },
]);

/**
 * Completes a character name typed at the start of a line that follows a blank line, from
 * `characters()` (the names the page already knows) or, without it, the whole text's outline.
 */
const characterCompletion = (characters?: () => readonly string[]) => (context: CompletionContext): CompletionResult | null => {
  const line = context.state.doc.lineAt(context.pos);
  const typed = line.text.slice(0, context.pos - line.from);
  if (!/^[\p{Lu}@][\p{Lu}\p{N} .'-]*$/u.test(typed)) return null;
  if (line.number > 1 && context.state.doc.line(line.number - 1).text.trim() !== '') return null;
  const names = completeCue(typed.replace(/^@/, ''), characters ? [...characters()] : outlineOf(context.state.doc.toString()).characters);
  if (names.length === 0) return null;
  return { from: line.from + (typed.startsWith('@') ? 1 : 0), options: names.map((name) => ({ label: name, type: 'variable' })), validFor: /^[\p{Lu}\p{N} .'-]*$/u };
};

export function FountainEditor({ initialText, onChange, onReady, characters, label }: FountainEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const ready = useRef(onReady);
  ready.current = onReady;
  const names = useRef(characters);
  names.current = characters;

  useEffect(() => {
    if (!host.current) return;
    let silent = false;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          history(),
          drawSelection(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          fountainLanguage,
          syntaxHighlighting(fountainHighlight),
          autocompletion({ override: [characterCompletion(characters && (() => names.current?.() ?? []))], activateOnTyping: true }),
          search({ top: true }),
          highlightSelectionMatches(),
          placeholder('INT. SOMEWHERE - NIGHT\n\nStart writing…'),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', spellcheck: 'true' }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || silent) return;
            const doc = update.state.doc;
            changed.current(() => doc.toString());
          }),
        ],
      }),
    });
    ready.current({
      jumpTo(offset) {
        const at = Math.min(offset, view.state.doc.length);
        view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'start', yMargin: 24 }) });
        view.focus();
      },
      openSearch: () => openSearchPanel(view),
      setText(text) {
        silent = true;
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
        silent = false;
      },
      focus: () => view.focus(),
    });
    return () => view.destroy();
    // The editor is made once; later texts arrive through setText.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={host} className="vox-draft-editor__code" />;
}

export default FountainEditor;
