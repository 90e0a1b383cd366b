import { act, renderHook } from '@testing-library/react';
import { AIDS_TEXTS, COUNT_IN_BEAT_MS, measureLevels, takeWarning, useCountIn, useMicrophone } from './recording-aids';
import type { RecorderDevices } from './recorder';

const sine = (amplitude: number, n = 4410) => Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 44_100));

describe('the check after a take', () => {
  it('measures peak, RMS and the share of clipped samples', () => {
    const levels = measureLevels(sine(0.5));
    expect(levels.peak).toBeCloseTo(0.5, 2);
    expect(levels.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(levels.clipped).toBe(0);
    expect(measureLevels(new Float32Array(0))).toEqual({ peak: 0, rms: 0, clipped: 0 });
  });

  it('warns on clipping and on silence, says nothing about a good take', () => {
    expect(takeWarning(measureLevels(sine(0.5)))).toBeNull();
    // A sine driven past full scale: flat tops at 1.0.
    expect(takeWarning(measureLevels(sine(3).map((v) => Math.max(-1, Math.min(1, v)))))).toBe('clipped');
    expect(takeWarning(measureLevels(sine(0.001)))).toBe('silent');
    expect(takeWarning(measureLevels(new Float32Array(4410)))).toBe('silent');
    expect(AIDS_TEXTS.clipped(3)).toBe('Your take of line 3 clipped (too loud, it distorts). Move back from the microphone or turn its level down, then record it again.');
    expect(AIDS_TEXTS.silent(3)).toBe('Your take of line 3 is almost silent. Check that the right microphone is chosen and not muted, then record it again.');
  });
});

describe('the count-in', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.localStorage.clear();
  });

  it('off: records at once; on: beats 3, 2, 1 then goes; Cancel stops it', async () => {
    const { result } = renderHook(() => useCountIn());
    await expect(result.current.run()).resolves.toBe(true);
    expect(result.current.beat).toBeNull();

    act(() => result.current.setEnabled(true));
    expect(window.localStorage.getItem('vox:reader-count-in')).toBe('on');
    let done: boolean | undefined;
    act(() => void result.current.run().then((v) => (done = v)));
    const beats = [result.current.beat];
    for (let i = 0; i < 3; i++) {
      act(() => void jest.advanceTimersByTime(COUNT_IN_BEAT_MS));
      beats.push(result.current.beat);
    }
    await act(async () => undefined);
    expect(beats).toEqual([3, 2, 1, null]);
    expect(done).toBe(true);

    let cancelled: boolean | undefined;
    act(() => void result.current.run().then((v) => (cancelled = v)));
    expect(result.current.beat).toBe(3);
    act(() => result.current.cancel());
    await act(async () => undefined);
    expect(cancelled).toBe(false);
    expect(result.current.beat).toBeNull();
  });

  it('a forced count-in (cue me) runs even when the count-in is off', async () => {
    const { result } = renderHook(() => useCountIn());
    act(() => void result.current.run(true));
    expect(result.current.beat).toBe(3);
    act(() => result.current.cancel());
  });
});

describe('the microphone choice', () => {
  it('asks the recorder’s getUserMedia for the chosen input, remembered in this browser', async () => {
    const asked: MediaStreamConstraints[] = [];
    const devices = { getUserMedia: async (c: MediaStreamConstraints) => (asked.push(c), {} as MediaStream) } as unknown as RecorderDevices;
    const { result } = renderHook(() => useMicrophone(devices));
    const audio = { echoCancellation: true };
    await result.current.devices?.getUserMedia({ audio });
    act(() => result.current.setDeviceId('usb-mic'));
    await result.current.devices?.getUserMedia({ audio });
    expect(asked).toEqual([{ audio }, { audio: { echoCancellation: true, deviceId: { exact: 'usb-mic' } } }]);
    expect(window.localStorage.getItem('vox:reader-microphone')).toBe('usb-mic');
    expect(renderHook(() => useMicrophone(null)).result.current.devices).toBeNull();
  });
});
