import { memo, type Ref } from 'react';
import type { Person, ScriptLine, Take } from '@vox/contract';
import { cx } from '@vox/ui';
import type { PendingView } from '@vox/recording';
import type { RecorderState } from '@vox/recording';
import { PlayIcon } from '../session-ui/icons';
import type { ReaderActions } from './reader-actions';
import { EarlierTextMark } from './earlier-takes';
import { TakePanel } from './take-panel';
import { LineCueBadges } from './line-cues';
import { displayName } from '@vox/contract';
import { LiveLineMark } from '../session-live/live-bar';

interface LineRowProps {
  line: ScriptLine;
  index: number;
  current: boolean;
  /** The table read is playing this line. */
  playing: boolean;
  mine: boolean;
  /** Who reads the line's role (me included). */
  reader: Person | null;
  userId: string;
  /** Everyone in the session by id, to name who recorded a take. */
  people: ReadonlyMap<string, Person>;
  takes: readonly Take[] | undefined;
  pending: readonly PendingView[] | undefined;
  recorder: RecorderState | null;
  recorderBusy: boolean;
  audioSrc: string | null;
  actions: ReaderActions;
  ref?: Ref<HTMLDivElement>;
}

const NO_TAKES: readonly Take[] = [];
const NO_PENDING: readonly PendingView[] = [];

/** One line, set like a screenplay page: heading, action, character + parenthetical + dialogue, transition. */
export const LineRow = memo(function LineRow({ line, index, current, playing, mine, reader, userId, people, takes = NO_TAKES, pending = NO_PENDING, recorder, recorderBusy, audioSrc, actions, ref }: LineRowProps) {
  const picked = takes.find((t) => t.picked) ?? null;
  const taker = picked ? people.get(picked.userId) : undefined;
  return (
    <div
      ref={ref}
      data-index={index}
      data-line={line.id}
      id={`line-${line.id}`}
      aria-current={current ? 'true' : undefined}
      className={cx('vox-reader-line', `vox-reader-line--${line.kind}`, current && 'vox-reader-line--current', playing && 'vox-reader-line--playing', mine && 'vox-reader-line--mine')}
      onClick={() => actions.select(index)}
    >
      {line.kind === 'scene' && <h2 className="vox-reader-line__scene">{line.text}</h2>}
      {line.kind === 'action' && <p className="vox-reader-line__action">{line.text}</p>}
      {line.kind === 'transition' && <p className="vox-reader-line__transition">{line.text}</p>}
      {line.kind === 'dialogue' && (
        <div className="vox-reader-line__dialogue">
          <p className="vox-reader-line__character">
            {line.role}
            <span className={cx('vox-reader-line__reader', mine && 'vox-reader-line__reader--me')}>{mine ? 'You' : reader ? displayName(reader) : 'Open role'}</span>
          </p>
          <LiveLineMark lineId={line.id} />
          {line.parenthetical && <p className="vox-reader-line__parenthetical">{line.parenthetical}</p>}
          <p className="vox-reader-line__text">{line.text}</p>
          {mine ? (
            <TakePanel
              lineId={line.id}
              index={index}
              role={line.role}
              takes={takes}
              pending={pending}
              recorder={recorder}
              recorderBusy={recorderBusy}
              userId={userId}
              actions={actions}
              audioSrc={audioSrc}
            />
          ) : (
            picked && (
              <button
                type="button"
                className="vox-reader-line__take"
                onClick={(event) => {
                  event.stopPropagation();
                  actions.preview(picked.audio);
                }}
              >
                <PlayIcon /> Play {taker ? `${displayName(taker)}'s` : 'the'} take <EarlierTextMark take={picked} />
              </button>
            )
          )}
        </div>
      )}
      <LineCueBadges lineId={line.id} />
    </div>
  );
});
