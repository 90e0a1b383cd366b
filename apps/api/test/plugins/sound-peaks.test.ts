import { createPeakFolder, peaksOf } from '../../src/services/sounds/peaks';

/** 16-bit little-endian mono PCM of these sample values. */
const pcm = (samples: number[]) => {
  const buf = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => buf.writeInt16LE(s, i * 2));
  return buf;
};

describe('waveform peaks', () => {
  it('keeps the loudest sample of each slice, 0 to 1', () => {
    expect(peaksOf(pcm([0, 16384, -32768, 100, 8192, -8192, 0, 0]), 4)).toEqual([0.5, 1, 0.25, 0]);
  });

  it('reads samples split across chunks the same as whole', () => {
    const whole = pcm([1000, -20000, 300, 12000, -5, 32767]);
    const folder = createPeakFolder(6, 3);
    folder.push(whole.subarray(0, 3));
    folder.push(whole.subarray(3, 8));
    folder.push(whole.subarray(8));
    expect(folder.finish()).toEqual(peaksOf(whole, 3));
    expect(folder.finish()).toEqual([0.61, 0.366, 1]);
  });

  it('drops slices a shorter sound never reached, and folds extra samples into the last', () => {
    const short = createPeakFolder(100, 10);
    short.push(pcm(Array.from({ length: 25 }, () => 16384)));
    expect(short.finish()).toEqual([0.5, 0.5, 0.5]);
    const long = createPeakFolder(4, 2);
    long.push(pcm([100, 100, 100, 100, 32767]));
    expect(long.finish()).toEqual([0.003, 1]);
  });
});
