import { Annotation, type Range } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate, WidgetType } from '@codemirror/view';
import * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';

/**
 * The others in the draft: each one's cursor (a caret with their name above it) and selection,
 * in their colour, and mine told to them (y-protocols awareness, `cursor` as Yjs relative
 * positions, so a cursor stays between the same characters whatever is typed before it).
 *
 * y-codemirror.next has a plugin for this; this one differs where the page needs it: the name is
 * drawn from an attribute (CSS `content: attr(data-name)`), not a text node inside the line, so a
 * line's text (copying, a screen reader, the tests) never has someone's name in it, and the name
 * shows at all times, not only on hover. A caret is decoration only (`aria-hidden`).
 */
interface CoWriter {
  name: string;
  color: string;
}

const changed = Annotation.define<null>();

class CaretWidget extends WidgetType {
  constructor(
    readonly who: CoWriter,
    readonly above: boolean,
  ) {
    super();
  }
  toDOM() {
    const caret = document.createElement('span');
    caret.className = this.above ? 'vox-remote-caret' : 'vox-remote-caret vox-remote-caret--below';
    caret.setAttribute('aria-hidden', 'true');
    caret.dataset['name'] = this.who.name;
    caret.style.setProperty('--vox-who', this.who.color);
    return caret;
  }
  eq(other: CaretWidget) {
    return other.who.name === this.who.name && other.who.color === this.who.color && other.above === this.above;
  }
  ignoreEvent() {
    return true;
  }
}

const isCoWriter = (user: unknown): user is CoWriter =>
  typeof user === 'object' && user !== null && typeof (user as CoWriter).name === 'string' && typeof (user as CoWriter).color === 'string';

/** A relative position as awareness carries it (JSON), or null. */
const toAbsolute = (json: unknown, text: Y.Text) => {
  if (!json) return null;
  const at = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(json), text.doc as Y.Doc);
  return at && at.type === text ? at.index : null;
};

export function remoteCursors(text: Y.Text, awareness: Awareness) {
  return [
    ViewPlugin.fromClass(
      class {
        decorations: DecorationSet = Decoration.none;
        private readonly listener: (change: { added: number[]; updated: number[]; removed: number[] }) => void;
        constructor(view: EditorView) {
          this.listener = ({ added, updated, removed }) => {
            if ([...added, ...updated, ...removed].some((id) => id !== awareness.clientID)) view.dispatch({ annotations: changed.of(null) });
          };
          awareness.on('change', this.listener);
          this.decorations = this.draw(view);
        }
        update(update: ViewUpdate) {
          this.share(update);
          this.decorations = this.draw(update.view);
          update.view.requestMeasure({ key: this, read: (view) => this.overflowing(view), write: (flip) => this.flip(flip) });
        }
        /** The carets whose name would run past the text's right edge (a phone, a line's end). */
        private overflowing(view: EditorView): Map<HTMLElement, boolean> {
          const right = view.scrollDOM.getBoundingClientRect().right;
          const out = new Map<HTMLElement, boolean>();
          for (const caret of view.contentDOM.querySelectorAll<HTMLElement>('.vox-remote-caret')) {
            // The name's width, as drawn (11 px semibold, 4 px padding each side), about 7 px a character.
            const width = (caret.dataset['name']?.length ?? 0) * 7 + 8;
            out.set(caret, caret.getBoundingClientRect().left + width > right);
          }
          return out;
        }
        /** Those names are drawn to the left of their caret instead. */
        private flip(carets: Map<HTMLElement, boolean>) {
          for (const [caret, over] of carets) caret.classList.toggle('vox-remote-caret--flip', over);
        }
        destroy() {
          awareness.off('change', this.listener);
        }
        /** My cursor to the others, when it moved (and only while this editor has the focus). */
        private share(update: ViewUpdate) {
          const mine = awareness.getLocalState();
          if (!mine) return;
          const focused = update.view.hasFocus && update.view.dom.ownerDocument.hasFocus();
          if (!focused) return;
          const { anchor, head } = update.state.selection.main;
          const was = mine['cursor'] as { anchor: unknown; head: unknown } | null | undefined;
          if (was && toAbsolute(was.anchor, text) === anchor && toAbsolute(was.head, text) === head) return;
          awareness.setLocalStateField('cursor', { anchor: Y.createRelativePositionFromTypeIndex(text, anchor), head: Y.createRelativePositionFromTypeIndex(text, head) });
        }
        private draw(view: EditorView): DecorationSet {
          const doc = view.state.doc;
          const ranges: Range<Decoration>[] = [];
          awareness.getStates().forEach((state, clientId) => {
            if (clientId === awareness.clientID || !isCoWriter(state['user'])) return;
            const cursor = state['cursor'] as { anchor: unknown; head: unknown } | null | undefined;
            const anchor = toAbsolute(cursor?.anchor, text);
            const head = toAbsolute(cursor?.head, text);
            if (anchor === null || head === null || head > doc.length || anchor > doc.length) return;
            const who = state['user'];
            const from = Math.min(anchor, head);
            const to = Math.max(anchor, head);
            if (from < to) {
              const mark = Decoration.mark({ class: 'vox-remote-selection', attributes: { style: `--vox-who: ${who.color}` } });
              // Line by line: a mark across line breaks would also paint the gaps between them.
              for (let line = doc.lineAt(from); ; line = doc.line(line.number + 1)) {
                const a = Math.max(from, line.from);
                const b = Math.min(to, line.to);
                if (a < b) ranges.push(mark.range(a, b));
                if (line.to >= to || line.number === doc.lines) break;
              }
            }
            // On the first line the name goes below the caret (there is no room above it).
            ranges.push(Decoration.widget({ widget: new CaretWidget(who, doc.lineAt(head).number > 1), side: head > anchor ? -1 : 1 }).range(head));
          });
          return Decoration.set(ranges, true);
        }
      },
      { decorations: (plugin) => plugin.decorations },
    ),
    EditorView.baseTheme({
      '.vox-remote-selection': { backgroundColor: 'color-mix(in srgb, var(--vox-who) 22%, transparent)' },
      '.vox-remote-caret': {
        position: 'relative',
        borderLeft: '2px solid var(--vox-who)',
        marginLeft: '-1px',
        marginRight: '-1px',
        pointerEvents: 'none',
      },
      '.vox-remote-caret::after': {
        content: 'attr(data-name)',
        position: 'absolute',
        left: '-2px',
        bottom: '100%',
        padding: '0 4px',
        borderRadius: '3px 3px 3px 0',
        background: 'var(--vox-who)',
        color: '#fff',
        font: '600 11px/16px system-ui, sans-serif',
        whiteSpace: 'nowrap',
        zIndex: '5',
      },
      '.vox-remote-caret--below::after': { bottom: 'auto', top: '100%', borderRadius: '0 3px 3px 3px' },
      '.vox-remote-caret--flip::after': { left: 'auto', right: '-1px', borderRadius: '3px 3px 0 3px' },
      '.vox-remote-caret--below.vox-remote-caret--flip::after': { borderRadius: '3px 0 3px 3px' },
    }),
  ];
}
