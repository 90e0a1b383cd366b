import { browserSpeechOutput, elementAudioOutput } from './outputs';

describe('elementAudioOutput (the reader’s <audio> element)', () => {
  let element: HTMLAudioElement;
  let playCalls: number;
  beforeEach(() => {
    element = document.createElement('audio');
    playCalls = 0;
    jest.spyOn(element, 'play').mockImplementation(async () => {
      playCalls += 1;
    });
    jest.spyOn(element, 'pause').mockImplementation(() => undefined);
  });

  it('plays the src and settles when the clip ends', async () => {
    const audio = elementAudioOutput(element);
    let ended = false;
    const playing = audio.play('/api/audio/abc', false).then(() => (ended = true));
    expect(element.getAttribute('src')).toBe('/api/audio/abc');
    expect(playCalls).toBe(1);
    await Promise.resolve();
    expect(ended).toBe(false);
    element.dispatchEvent(new Event('ended'));
    await playing;
    expect(ended).toBe(true);
  });

  it('rejects when the clip cannot be played', async () => {
    const audio = elementAudioOutput(element);
    const playing = audio.play('/api/audio/gone', false);
    element.dispatchEvent(new Event('error'));
    await expect(playing).rejects.toThrow('The recording could not be played.');
  });

  it('pause settles the clip; resuming the same src continues it instead of starting over', async () => {
    const audio = elementAudioOutput(element);
    const first = audio.play('/api/audio/abc', false);
    audio.pause();
    await expect(first).resolves.toBeUndefined();
    element.src = '/api/audio/abc';
    const setSrc = jest.spyOn(element, 'src', 'set');
    const second = audio.play('/api/audio/abc', true);
    expect(setSrc).not.toHaveBeenCalled();
    expect(playCalls).toBe(2);
    element.dispatchEvent(new Event('ended'));
    await second;
  });

  it('a new clip supersedes the one playing', async () => {
    const audio = elementAudioOutput(element);
    const first = audio.play('/api/audio/one', false);
    const second = audio.play('/api/audio/two', false);
    await expect(first).resolves.toBeUndefined();
    expect(element.getAttribute('src')).toBe('/api/audio/two');
    element.dispatchEvent(new Event('ended'));
    await second;
  });
});

/** speechSynthesis as Chrome has it, driven by the spec. */
function fakeSpeech(voices: Array<{ name: string; lang: string }>) {
  const spoken: Array<{ text: string; voice: unknown; pitch: number; utterance: FakeUtterance }> = [];
  class FakeUtterance {
    voice: unknown = null;
    lang = '';
    pitch = 1;
    rate = 1;
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const synth = {
    getVoices: () => voices,
    speak: (u: FakeUtterance) => spoken.push({ text: u.text, voice: u.voice, pitch: u.pitch, utterance: u }),
    cancel: jest.fn(),
  };
  Object.assign(window, { speechSynthesis: synth, SpeechSynthesisUtterance: FakeUtterance });
  return { spoken, synth };
}

describe('browserSpeechOutput', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    delete (window as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
  });

  it('is null where the browser has no speech synthesis', () => {
    expect(browserSpeechOutput(['A'], 'en')).toBeNull();
  });

  it("speaks each role in its own voice and resolves at the utterance's end", async () => {
    const voices = [
      { name: 'Narrator', lang: 'en-US' },
      { name: 'Second', lang: 'en-GB' },
    ];
    const { spoken } = fakeSpeech(voices);
    const speech = browserSpeechOutput(['LANE'], 'en');
    const narration = speech?.speak('INT. FLAT - DAY', null);
    spoken[0].utterance.onstart?.();
    spoken[0].utterance.onend?.();
    await expect(narration).resolves.toBe('spoken');
    const line = speech?.speak('Yes, sir.', 'LANE');
    spoken[1].utterance.onstart?.();
    spoken[1].utterance.onerror?.({ error: 'interrupted' });
    await expect(line).resolves.toBe('spoken');
    expect(spoken.map((s) => (s.voice as { name: string }).name)).toEqual(['Narrator', 'Second']);
  });

  it('an utterance that never starts (no voice at all) is unavailable after 2.5 s', async () => {
    jest.useFakeTimers();
    const { synth } = fakeSpeech([]);
    const speech = browserSpeechOutput([], 'en');
    let answer: string | undefined;
    const result = speech?.speak('Hello.', null).then((a) => (answer = a));
    jest.advanceTimersByTime(2499);
    await Promise.resolve();
    expect(answer).toBeUndefined();
    jest.advanceTimersByTime(1);
    await expect(result).resolves.toBe('unavailable');
    expect(synth.cancel).toHaveBeenCalled();
  });

  it('a synthesis failure is unavailable; a stuck long utterance is given up so the read goes on', async () => {
    jest.useFakeTimers();
    const { spoken, synth } = fakeSpeech([{ name: 'V', lang: 'en' }]);
    const speech = browserSpeechOutput([], 'en');
    const failed = speech?.speak('One.', null);
    spoken[0].utterance.onerror?.({ error: 'synthesis-failed' });
    await expect(failed).resolves.toBe('unavailable');

    const stuck = speech?.speak('Two words.', null);
    spoken[1].utterance.onstart?.();
    jest.advanceTimersByTime(5000 + 'Two words.'.length * 150);
    await expect(stuck).resolves.toBe('spoken');
    expect(synth.cancel).toHaveBeenCalled();
  });

  it('cancel ends the utterance under way', async () => {
    const { spoken } = fakeSpeech([{ name: 'V', lang: 'en' }]);
    const speech = browserSpeechOutput([], 'en');
    const result = speech?.speak('Long line.', null);
    spoken[0].utterance.onstart?.();
    speech?.cancel();
    await expect(result).resolves.toBe('spoken');
  });
});
