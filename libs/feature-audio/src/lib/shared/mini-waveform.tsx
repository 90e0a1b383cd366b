import { useSoundPeaks } from '../api/sounds';

/** Bars drawn from `peaks` (0 to 1), folded to `bars` columns: each the loudest of its share. */
export function foldPeaks(peaks: readonly number[], bars: number): number[] {
  if (peaks.length === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < bars; i++) {
    const from = Math.floor((i * peaks.length) / bars);
    const to = Math.max(from + 1, Math.floor(((i + 1) * peaks.length) / bars));
    let max = 0;
    for (let j = from; j < to && j < peaks.length; j++) max = Math.max(max, peaks[j]);
    out.push(max);
  }
  return out;
}

/**
 * A small waveform for a list row: an SVG of the served peaks (no audio decoded, no library
 * loaded), scaled to the loudest bar so quiet sounds still show their shape.
 */
export function MiniWaveform({ soundId, bars = 48 }: { soundId: string; bars?: number }) {
  const peaks = useSoundPeaks(soundId);
  const data = peaks.data;
  if (!data || data.state !== 'ready' || !data.peaks) {
    return <span className="vox-audio-mini vox-audio-mini--empty" aria-hidden="true" />;
  }
  const folded = foldPeaks(data.peaks, bars);
  const top = Math.max(...folded, 0.001);
  return (
    <svg className="vox-audio-mini" viewBox={`0 0 ${bars * 3} 32`} preserveAspectRatio="none" aria-hidden="true" data-testid="mini-waveform">
      {folded.map((p, i) => {
        const h = Math.max(1.5, (p / top) * 30);
        return <rect key={i} x={i * 3} y={16 - h / 2} width={2} height={h} rx={1} />;
      })}
    </svg>
  );
}
