import { useMemo } from 'react';
import { displayName, type Person, type ScriptLine, type Take } from '@vox/contract';
import { cx } from '@vox/ui';
import { formatDuration } from '../session-ui/format';
import { PlayIcon } from '../session-ui/icons';
import './earlier-takes.css';

/**
 * Takes across rewrites. When a published draft (or the script editor)
 * changes a line's text, its takes stay on it, marked with the text they were recorded on;
 * when a line is taken out, its takes stay too, listed here apart from the script.
 */

const EARLIER_TEXTS = {
  mark: 'Recorded on earlier text',
  removedTitle: (n: number) => `Takes of removed lines (${n})`,
  removedHint: 'These lines were taken out of the script. Their takes are kept here.',
} as const;

/** The mark on a take recorded before its line's text changed (nothing for a take of the current text). */
export function EarlierTextMark({ take }: { take: Pick<Take, 'recordedOnText'> }) {
  if (take.recordedOnText === undefined) return null;
  return (
    <span className="vox-earlier-mark">
      {EARLIER_TEXTS.mark}: <q className="vox-earlier-mark__text">{take.recordedOnText}</q>
    </span>
  );
}

interface RemovedLineTakesProps {
  retiredLines: readonly ScriptLine[] | undefined;
  takes: readonly Take[];
  people: ReadonlyMap<string, Person>;
  /** Plays a recording in the reader's one player. */
  onPlay(audio: string): void;
  audioSrc: string | null;
}

/** The takes of lines no longer in the script, in this session: each line with who recorded what, to play. */
export function RemovedLineTakes({ retiredLines, takes, people, onPlay, audioSrc }: RemovedLineTakesProps) {
  const groups = useMemo(
    () =>
      (retiredLines ?? [])
        .map((line) => ({ line, takes: takes.filter((take) => take.lineId === line.id).sort((a, b) => a.createdAt.localeCompare(b.createdAt)) }))
        .filter((group) => group.takes.length > 0),
    [retiredLines, takes],
  );
  if (groups.length === 0) return null;
  const count = groups.reduce((sum, group) => sum + group.takes.length, 0);
  return (
    <details className="vox-removed-takes" data-testid="removed-line-takes">
      <summary className="vox-removed-takes__summary">{EARLIER_TEXTS.removedTitle(count)}</summary>
      <p className="vox-removed-takes__hint">{EARLIER_TEXTS.removedHint}</p>
      <ul className="vox-removed-takes__lines">
        {groups.map(({ line, takes: lineTakes }) => (
          <li key={line.id} className="vox-removed-takes__line" data-line={line.id}>
            <p className="vox-removed-takes__text">
              {line.role && <span className="vox-removed-takes__role">{line.role}</span>}
              {line.parenthetical && <span className="vox-removed-takes__parenthetical">{line.parenthetical}</span>}
              {line.text}
            </p>
            <ol className="vox-removed-takes__takes" aria-label={`Takes of “${line.text}”`}>
              {lineTakes.map((take, i) => {
                const who = people.get(take.userId);
                const label = `Take ${i + 1}${who ? ` by ${displayName(who)}` : ''}`;
                const playing = audioSrc !== null && audioSrc.endsWith(take.audio);
                return (
                  <li key={take.id} className="vox-removed-takes__take" data-take={take.id}>
                    <button type="button" className={cx('vox-reader-icon-button', playing && 'vox-reader-icon-button--on')} aria-label={`Play ${label}`} onClick={() => onPlay(take.audio)}>
                      <PlayIcon />
                    </button>
                    <span>
                      {label}
                      {take.durationMs !== null && <span className="vox-removed-takes__meta"> · {formatDuration(take.durationMs)}</span>}
                    </span>
                    <EarlierTextMark take={take} />
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ul>
    </details>
  );
}
