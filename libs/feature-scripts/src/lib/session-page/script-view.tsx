import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Person, ScriptLine, Take } from '@vox/contract';
import { MAIN_CONTENT_ID } from '@vox/ui';
import type { PendingView } from '@vox/recording';
import type { RecorderState } from '@vox/recording';
import { LineRow } from './line-row';
import type { ReaderActions } from './reader-actions';
import { isMyLine } from './reader-model';

/** Marks the benchmark (tools/bench/reader) reads: the reader's first lines are on screen. */
const RENDERED_MARK = 'vox:reader-lines-rendered';

interface ScriptViewProps {
  lines: readonly ScriptLine[];
  current: number;
  /** How the current line was reached: playback keeps it centred, the keyboard only in view. */
  follow: 'center' | 'auto';
  playingIndex: number | null;
  myRole: string | null;
  userId: string;
  readers: ReadonlyMap<string, Person>;
  people: ReadonlyMap<string, Person>;
  takes: ReadonlyMap<string, Take[]>;
  pending: ReadonlyMap<string, PendingView[]>;
  recorder: RecorderState;
  audioSrc: string | null;
  actions: ReaderActions;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  scrollRef: RefObject<HTMLElement | null>;
}

/**
 * Heights before a row is measured, from the desktop layout (session-page.css: 15 px mono,
 * 23 px lines, about 84 characters across for action and 53 for dialogue). Close guesses keep
 * the scrollbar steady and spare the list re-layouts while it measures the real rows.
 */
const LINE_PX = 23;
function estimate(line: ScriptLine | undefined, mine: boolean): number {
  if (!line) return 40;
  const rows = (perRow: number) => Math.max(1, Math.ceil(line.text.length / perRow)) * LINE_PX;
  if (line.kind === 'scene') return 30 + LINE_PX;
  if (line.kind === 'transition') return 12 + LINE_PX;
  if (line.kind === 'action') return 12 + rows(84);
  return 18 + LINE_PX + rows(53) + (line.parenthetical ? LINE_PX : 0) + (mine ? 62 : 0);
}

/**
 * The script as a virtual list: only the rows in view (plus a few) are in the page, so a
 * 2,000-line script opens as fast as a short one. It is the page's <main> and the scroller.
 */
export function ScriptView(props: ScriptViewProps) {
  const { lines, current, follow, playingIndex, myRole, userId, readers, people, takes, pending, recorder, audioSrc, actions, onKeyDown, scrollRef } = props;
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(lines[i], isMyLine(lines[i], myRole)),
    getItemKey: (i) => lines[i]?.id ?? i,
    overscan: 10,
    // Row measurements and scroll updates are batched into one React render instead of a
    // synchronous render each (the difference between long tasks and none on a busy machine).
    useFlushSync: false,
    // The first render already fills the screen, instead of waiting for a measurement pass.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();

  const marked = useRef(false);
  useLayoutEffect(() => {
    if (marked.current || items.length === 0) return;
    marked.current = true;
    performance.mark?.(RENDERED_MARK);
  }, [items.length]);

  // The current line stays in view (and centred while the read plays).
  useEffect(() => {
    if (current >= 0 && current < lines.length) virtualizer.scrollToIndex(current, { align: follow });
  }, [current, follow, lines.length, virtualizer]);

  return (
    <main
      id={MAIN_CONTENT_ID}
      ref={scrollRef as RefObject<HTMLElement>}
      className="vox-reader__script"
      tabIndex={0}
      aria-label="Script"
      aria-describedby="vox-reader-keys"
      onKeyDown={onKeyDown}
    >
      <p id="vox-reader-keys" className="vox-visually-hidden">
        Up and down arrows or J and K move between lines. Enter or Space records your line, or plays the table read from the line.
      </p>
      <div className="vox-reader__page" style={{ height: virtualizer.getTotalSize() }}>
        {/* One offset for the whole window of rows; rows inside flow normally and are measured. */}
        <div className="vox-reader__rows" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const line = lines[item.index];
            const mine = isMyLine(line, myRole);
            const rowRecorder = recorder.status !== 'idle' && recorder.lineId === line.id ? recorder : null;
            return (
              <LineRow
                key={item.key}
                ref={virtualizer.measureElement}
                line={line}
                index={item.index}
                current={item.index === current}
                playing={item.index === playingIndex}
                mine={mine}
                reader={line.role ? (readers.get(line.role) ?? null) : null}
                userId={userId}
                people={people}
                takes={takes.get(line.id)}
                pending={pending.get(line.id)}
                recorder={rowRecorder}
                recorderBusy={mine && recorder.status !== 'idle' && recorder.status !== 'error' && rowRecorder === null}
                audioSrc={mine ? audioSrc : null}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
    </main>
  );
}
