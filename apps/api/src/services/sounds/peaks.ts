/**
 * Waveform peaks: the loudest sample of each slice of a sound, 0 to 1, computed once
 * in a background job from the decoded audio and served as JSON, so a page draws the waveform
 * without downloading and decoding the file (wavesurfer.js takes them as `peaks`).
 */

/** Slices per sound: enough for a full-width waveform on a wide screen. */
export const PEAK_COUNT = 800;
/** The job decodes to mono 16-bit PCM at this rate: plenty for a picture of loudness. */
export const PEAK_SAMPLE_RATE = 8000;

/**
 * Folds 16-bit samples into `count` slices, streaming: `push` takes little-endian PCM chunks of
 * any length (a sample may be split across two), `finish` answers the peaks. `expectedSamples`
 * spreads the slices over the whole sound; samples past it count in the last slice, and when the
 * sound is shorter the slices that got none are dropped, so the peaks always cover the audio.
 */
export function createPeakFolder(expectedSamples: number, count = PEAK_COUNT) {
  const peaks = new Float64Array(count);
  const perSlice = Math.max(1, Math.ceil(expectedSamples / count));
  let index = 0;
  let carry: number | undefined;
  return {
    push(chunk: Uint8Array) {
      let offset = 0;
      if (carry !== undefined && chunk.length > 0) {
        take(((chunk[0] << 8) | carry) << 16 >> 16);
        carry = undefined;
        offset = 1;
      }
      for (; offset + 1 < chunk.length; offset += 2) take(((chunk[offset + 1] << 8) | chunk[offset]) << 16 >> 16);
      if (offset < chunk.length) carry = chunk[offset];
    },
    finish(): number[] {
      const used = Math.min(count, Math.ceil(index / perSlice));
      return Array.from(peaks.subarray(0, used), (p) => Math.round(p * 1000) / 1000);
    },
  };
  function take(sample: number) {
    const slice = Math.min(count - 1, Math.floor(index / perSlice));
    const level = Math.min(1, Math.abs(sample) / 32768);
    if (level > peaks[slice]) peaks[slice] = level;
    index++;
  }
}

/** Peaks of a whole buffer of 16-bit little-endian mono samples. */
export function peaksOf(pcm: Uint8Array, count = PEAK_COUNT): number[] {
  const folder = createPeakFolder(Math.floor(pcm.length / 2), count);
  folder.push(pcm);
  return folder.finish();
}
