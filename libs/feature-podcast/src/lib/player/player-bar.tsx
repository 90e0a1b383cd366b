import { Link } from 'react-router';
import { href } from '@vox/variant';
import { chapterAt, clock, SPEEDS } from './queue';
import { usePlayer } from './player';
import './player.css';

/**
 * The persistent player bar: what plays, a seek bar, back 15 s, play/pause, forward
 * 30 s, speed, the chapters and the queue. Rendered once by the podcast app beside its routes.
 */
export function PlayerBar() {
  const player = usePlayer();
  const current = player?.state.current;
  if (!player || !current) return null;
  const { time, duration, playing, speed, state } = player;
  const chapter = chapterAt(current.chapters, time);

  return (
    <>
      <div className="vox-player-spacer" aria-hidden="true" />
      <section className="vox-player" aria-label="Player">
        <div className="vox-player-now">
          {current.cover ? <img className="vox-player-cover" src={current.cover} alt="" width={44} height={44} /> : <span className="vox-player-cover vox-player-cover--blank" aria-hidden="true" />}
          <div className="vox-player-titles">
            <span className="vox-player-title" data-testid="player-title">
              {current.title}
            </span>
            <Link className="vox-player-channel" to={href('channel', { channelId: current.channelId })}>
              {current.channelTitle}
              {chapter >= 0 ? ` · ${current.chapters[chapter].title}` : ''}
            </Link>
          </div>
        </div>

        <div className="vox-player-controls">
          <button type="button" className="vox-player-button" onClick={() => player.skip(-15)} aria-label="Back 15 seconds" title="Back 15 seconds (j)">
            −15
          </button>
          <button
            type="button"
            className="vox-player-button vox-player-button--main"
            onClick={player.toggle}
            aria-label={playing ? 'Pause' : 'Play'}
            title={playing ? 'Pause (k)' : 'Play (k)'}
            data-state={playing ? 'playing' : 'paused'}
          >
            {playing ? (
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
                <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            )}
          </button>
          <button type="button" className="vox-player-button" onClick={() => player.skip(30)} aria-label="Forward 30 seconds" title="Forward 30 seconds (l)">
            +30
          </button>
        </div>

        <div className="vox-player-progress">
          <span className="vox-player-time" data-testid="player-time">
            {clock(time)}
          </span>
          <input
            className="vox-player-seek"
            type="range"
            min={0}
            max={Math.max(1, Math.round(duration))}
            step={1}
            value={Math.min(Math.round(time), Math.round(duration) || 1)}
            onChange={(event) => player.seek(Number(event.target.value))}
            aria-label="Position"
            aria-valuetext={`${clock(time)} of ${clock(duration)}`}
          />
          <span className="vox-player-time">{clock(duration)}</span>
        </div>

        <div className="vox-player-extras">
          <label className="vox-player-speed">
            <span className="vox-visually-hidden">Speed</span>
            <select value={speed} onChange={(event) => player.setSpeed(Number(event.target.value))} aria-label="Speed">
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
          {current.chapters.length > 0 && (
            <details className="vox-player-menu">
              <summary>Chapters</summary>
              <ol className="vox-player-list" aria-label="Chapters">
                {current.chapters.map((c, i) => (
                  <li key={`${c.startTime}-${i}`}>
                    <button type="button" aria-current={i === chapter ? 'true' : undefined} onClick={() => player.seek(c.startTime)}>
                      <span>{c.title}</span> <span className="vox-player-list-time">{clock(c.startTime)}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </details>
          )}
          <details className="vox-player-menu">
            <summary>Up next ({state.queue.length})</summary>
            {state.queue.length === 0 ? (
              <p className="vox-player-empty">Nothing queued. Use “Play next” or “Play last” on an episode.</p>
            ) : (
              <ol className="vox-player-list" aria-label="Up next">
                {state.queue.map((item, i) => (
                  <li key={item.id} className="vox-player-queue-item">
                    <button type="button" onClick={() => player.play(item)}>
                      {item.title}
                    </button>
                    <span className="vox-player-queue-actions">
                      <button type="button" aria-label={`Move ${item.title} up`} disabled={i === 0} onClick={() => player.move(item.id, -1)}>
                        ↑
                      </button>
                      <button type="button" aria-label={`Move ${item.title} down`} disabled={i === state.queue.length - 1} onClick={() => player.move(item.id, 1)}>
                        ↓
                      </button>
                      <button type="button" aria-label={`Remove ${item.title} from the queue`} onClick={() => player.remove(item.id)}>
                        ×
                      </button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </details>
        </div>
      </section>
    </>
  );
}
