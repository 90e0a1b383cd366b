import { RECORDER_MESSAGES, recorderMessage, startRecording, type RecorderDevices, type RecorderLike } from './recorder';

/** A microphone and MediaRecorder stand-in: the spec feeds data and stops. */
function fakeDevices({ supported = ['audio/webm;codecs=opus', 'audio/webm'], failWith = null as unknown } = {}) {
  const tracks = [{ stop: jest.fn() }];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  let time = 1000;
  const recorders: Array<RecorderLike & { started?: number; stops: number; mimeRequested?: string }> = [];
  const meterClose = jest.fn();
  const devices: RecorderDevices = {
    getUserMedia: jest.fn(async () => {
      if (failWith) throw failWith;
      return stream;
    }),
    createRecorder: (_stream, mimeType) => {
      const recorder = {
        mimeType: mimeType ?? '',
        mimeRequested: mimeType,
        ondataavailable: null,
        onstop: null,
        onerror: null,
        stops: 0,
        start(timeslice?: number) {
          this.started = timeslice;
        },
        stop() {
          this.stops += 1;
          // The browser delivers the last chunk, then stop, asynchronously.
          setTimeout(() => this.onstop?.(), 0);
        },
      } as RecorderLike & { started?: number; stops: number; mimeRequested?: string };
      recorders.push(recorder);
      return recorder;
    },
    isTypeSupported: (type) => supported.includes(type),
    createLevelMeter: () => ({ level: () => 0.5, close: meterClose }),
    now: () => time,
  };
  return { devices, tracks, recorders, meterClose, advance: (ms: number) => (time += ms) };
}

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('startRecording', () => {
  it('records WebM/Opus in one-second chunks and answers the blob, its type and duration; the microphone is released', async () => {
    const { devices, tracks, recorders, meterClose, advance } = fakeDevices();
    const active = await startRecording(devices);
    expect(devices.getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    expect(recorders[0].mimeRequested).toBe('audio/webm;codecs=opus');
    expect(recorders[0].started).toBe(1000);
    expect(active.level()).toBe(0.5);
    recorders[0].ondataavailable?.({ data: new Blob(['ab']) });
    recorders[0].ondataavailable?.({ data: new Blob([]) });
    recorders[0].ondataavailable?.({ data: new Blob(['cd']) });
    advance(2345);
    const recording = await active.stop();
    expect(recording.contentType).toBe('audio/webm');
    expect(recording.audio.type).toBe('audio/webm');
    expect(recording.audio.size).toBe(4);
    expect(recording.durationMs).toBe(2345);
    expect(tracks[0].stop).toHaveBeenCalled();
    expect(meterClose).toHaveBeenCalled();
    expect(active.level()).toBe(0);
  });

  it('a double Stop stops the recorder once and answers the same recording', async () => {
    const { devices, recorders } = fakeDevices();
    const active = await startRecording(devices);
    recorders[0].ondataavailable?.({ data: new Blob(['ab']) });
    const [a, b] = await Promise.all([active.stop(), active.stop()]);
    expect(a).toBe(b);
    expect(recorders[0].stops).toBe(1);
  });

  it("falls back to the browser's own type (Safari records MP4)", async () => {
    const { devices, recorders } = fakeDevices({ supported: ['audio/mp4'] });
    const active = await startRecording(devices);
    expect(recorders[0].mimeRequested).toBe('audio/mp4');
    recorders[0].ondataavailable?.({ data: new Blob(['ab']) });
    await expect(active.stop()).resolves.toMatchObject({ contentType: 'audio/mp4' });
  });

  it('an empty recording is a failure, not an empty take', async () => {
    const { devices } = fakeDevices();
    const active = await startRecording(devices);
    await expect(active.stop()).rejects.toThrow(RECORDER_MESSAGES.failed);
  });

  it('cancel throws the audio away and releases the microphone', async () => {
    const { devices, tracks, recorders } = fakeDevices();
    const active = await startRecording(devices);
    active.cancel();
    expect(recorders[0].stops).toBe(1);
    expect(tracks[0].stop).toHaveBeenCalled();
  });

  it('without MediaRecorder it says the browser cannot record', async () => {
    await expect(startRecording(null)).rejects.toThrow(RECORDER_MESSAGES.unsupported);
  });

  it.each([
    ['NotAllowedError', RECORDER_MESSAGES.denied],
    ['SecurityError', RECORDER_MESSAGES.denied],
    ['NotFoundError', RECORDER_MESSAGES.noMicrophone],
    ['NotReadableError', RECORDER_MESSAGES.busy],
    ['TypeError', RECORDER_MESSAGES.failed],
  ])('getUserMedia %s reads as %p', async (name, message) => {
    const { devices } = fakeDevices({ failWith: domError(name) });
    const error = await startRecording(devices).catch((e: unknown) => e);
    expect(recorderMessage(error)).toBe(message);
  });
});
