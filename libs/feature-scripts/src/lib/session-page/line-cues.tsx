import { createContext, useContext } from 'react';
import { CUE_PLACE_LABELS, type Cue } from '@vox/contract/audio';
import './line-cues.css';

/** The script's sound cues by line id, for the reader's lines. */
export const CuesByLine = createContext<ReadonlyMap<string, readonly Cue[]>>(new Map());

export function cuesByLine(cues: readonly Cue[]): Map<string, Cue[]> {
  const map = new Map<string, Cue[]>();
  for (const cue of cues) map.set(cue.lineId, [...(map.get(cue.lineId) ?? []), cue]);
  return map;
}

/** The cues on one line of the reader: what plays, where, and how loud. */
export function LineCueBadges({ lineId }: { lineId: string }) {
  const cues = useContext(CuesByLine).get(lineId);
  if (!cues?.length) return null;
  return (
    <ul className="vox-reader-cues" aria-label="Sound cues">
      {cues.map((cue) => (
        <li key={cue.id} className={`vox-chip vox-chip--accent vox-reader-cues__cue vox-reader-cues__cue--${cue.at}`} data-testid="reader-cue">
          <span aria-hidden="true">♪</span> {cue.sound.title}
          <span className="vox-reader-cues__where">
            {' '}
            · {CUE_PLACE_LABELS[cue.at].toLowerCase()} · {cue.volume}%
          </span>
        </li>
      ))}
    </ul>
  );
}
