import { AUDIO_TEXTS, type SoundUsage } from '@vox/contract/audio';

/** My storage against my quota, as a meter and in words. */
export function StorageMeter({ usage }: { usage: SoundUsage }) {
  const share = usage.quotaBytes > 0 ? Math.min(1, usage.usedBytes / usage.quotaBytes) : 1;
  return (
    <div className="vox-audio-storage">
      <span className="vox-audio-storage__label" id="vox-audio-storage">
        Storage: {AUDIO_TEXTS.storage(usage.usedBytes, usage.quotaBytes)}
      </span>
      <meter className="vox-audio-storage__meter" aria-labelledby="vox-audio-storage" min={0} max={1} low={0.8} high={0.95} optimum={0} value={share} />
    </div>
  );
}
