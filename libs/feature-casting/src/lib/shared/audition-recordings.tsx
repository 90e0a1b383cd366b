import type { CastingAudition } from '@vox/contract/casting';

/** An audition's recordings with players: one per side, or the one file. */
export function AuditionRecordings({ audition, sides }: { audition: CastingAudition; sides: readonly { lineId: string; text: string }[] }) {
  if (audition.wholeFile) return <audio controls src={audition.wholeFile.audioUrl} aria-label="The whole audition" />;
  const takes = new Map(audition.takes.map((t) => [t.lineId, t]));
  return (
    <ol className="vox-stack vox-stack--close">
      {sides.map((side, index) => {
        const take = takes.get(side.lineId);
        return (
          <li key={side.lineId} className="vox-stack vox-stack--close">
            <span>
              Line {index + 1}: {side.text}
            </span>
            {take && <audio controls src={take.audioUrl} aria-label={`Line ${index + 1}`} />}
          </li>
        );
      })}
    </ol>
  );
}
