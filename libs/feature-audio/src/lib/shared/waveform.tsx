import { useEffect, useRef, useState } from 'react';
import { AUDIO_TEXTS } from '@vox/contract/audio';
import { useSoundPeaks } from '../api/sounds';

/**
 * The full waveform of a sound with wavesurfer.js 8, loaded with import() only on the audio pages
 * that show it. It draws the served peaks (so nothing is decoded in the browser) and plays the
 * file through its own media element with the region between the trim marks shaded.
 */
export function Waveform({ soundId, fileUrl, durationMs, label }: { soundId: string; fileUrl: string; durationMs: number; label: string }) {
  const peaks = useSoundPeaks(soundId);
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const ready = peaks.data?.state === 'ready' && peaks.data.peaks;

  useEffect(() => {
    if (!ready || !box.current || !peaks.data?.peaks) return;
    let destroyed = false;
    let destroy: (() => void) | undefined;
    import('wavesurfer.js')
      .then(({ default: WaveSurfer }) => {
        if (destroyed || !box.current) return;
        const styles = getComputedStyle(box.current);
        const ws = WaveSurfer.create({
          container: box.current,
          url: fileUrl,
          peaks: [peaks.data.peaks as number[]],
          duration: durationMs / 1000,
          height: 96,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          waveColor: styles.getPropertyValue('--vox-border-strong').trim() || '#c9c2d6',
          progressColor: styles.getPropertyValue('--vox-accent').trim() || '#BA58E9',
          cursorColor: styles.getPropertyValue('--vox-text').trim() || '#222',
          dragToSeek: true,
        });
        destroy = () => ws.destroy();
      })
      .catch(() => setFailed(true));
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [ready, fileUrl, durationMs, peaks.data]);

  if (peaks.data?.state === 'failed' || failed) return <p className="vox-audio-wave__note">{AUDIO_TEXTS.waveformFailed}</p>;
  if (!ready) return <p className="vox-audio-wave__note" role="status">{AUDIO_TEXTS.waveformPending}</p>;
  return <div ref={box} className="vox-audio-wave" role="img" aria-label={`Waveform of ${label}`} data-testid="waveform" />;
}
