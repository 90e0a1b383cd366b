import { assignVoices, type VoiceChoice } from './voices';

/** Where recorded clips play. */
export interface AudioOutput {
  /**
   * Plays `src` and settles when it ends (resolves), fails (rejects) or is superseded by another
   * play/pause/stop (resolves). `resume` continues a paused clip of the same src.
   */
  play(src: string, resume: boolean): Promise<void>;
  pause(): void;
  stop(): void;
}

/** The browser's speech synthesis, one voice per role. */
export interface SpeechOutput {
  /** 'unavailable' when nothing could be spoken (no voices, synthesis failed). */
  speak(text: string, role: string | null): Promise<'spoken' | 'unavailable'>;
  cancel(): void;
}

/** Plays clips on the reader's one <audio> element (so the page, and the e2e, can see its source). */
export function elementAudioOutput(element: HTMLAudioElement): AudioOutput {
  let supersede: (() => void) | null = null;
  const release = () => {
    const current = supersede;
    supersede = null;
    current?.();
  };

  return {
    play(src, resume) {
      release();
      return new Promise<void>((resolve, reject) => {
        const cleanup = () => {
          element.removeEventListener('ended', onEnded);
          element.removeEventListener('error', onError);
          if (supersede === onSuperseded) supersede = null;
        };
        const onEnded = () => {
          cleanup();
          resolve();
        };
        const onError = () => {
          cleanup();
          reject(new Error('The recording could not be played.'));
        };
        const onSuperseded = () => {
          cleanup();
          resolve();
        };
        supersede = onSuperseded;
        element.addEventListener('ended', onEnded);
        element.addEventListener('error', onError);
        const same = element.src === new URL(src, window.location.href).href;
        if (!(resume && same && !element.ended)) {
          element.src = src;
          element.currentTime = 0;
        }
        element.play().catch((error: unknown) => {
          // A pause() before playback began rejects play() with AbortError: that is the pause, not a failure.
          if (supersede !== onSuperseded || (error as { name?: string }).name === 'AbortError') return;
          onError();
        });
      });
    },
    pause() {
      element.pause();
      release();
    },
    stop() {
      element.pause();
      release();
    },
  };
}

/** How long an utterance may take to start before the browser is taken to have no voice at all. */
const START_TIMEOUT_MS = 2500;

/**
 * speechSynthesis with one voice per role (voices.ts). An utterance that never starts (headless
 * browsers, Linux without speech-dispatcher) or fails answers 'unavailable', so the read goes on.
 */
export function browserSpeechOutput(roles: readonly string[], language: string): SpeechOutput | null {
  if (typeof window === 'undefined' || !window.speechSynthesis || typeof window.SpeechSynthesisUtterance === 'undefined') return null;
  const synth = window.speechSynthesis;
  let choices: ReturnType<typeof assignVoices<SpeechSynthesisVoice>> | null = null;
  const choiceFor = (role: string | null): VoiceChoice<SpeechSynthesisVoice> => {
    // Voices load after the page in Chrome; they are read at the first line spoken.
    if (!choices || choices.narration.voice === null) choices = assignVoices(roles, synth.getVoices(), language);
    return (role ? choices.roles.get(role) : undefined) ?? choices.narration;
  };
  let current: SpeechSynthesisUtterance | null = null;
  let settleCurrent: (() => void) | null = null;

  return {
    speak(text, role) {
      return new Promise((resolve) => {
        const utterance = new SpeechSynthesisUtterance(text);
        const choice = choiceFor(role);
        if (choice.voice) utterance.voice = choice.voice;
        utterance.lang = choice.voice?.lang ?? language;
        utterance.pitch = choice.pitch;
        utterance.rate = choice.rate;
        let started = false;
        let endTimer: ReturnType<typeof setTimeout> | undefined;
        const done = (result: 'spoken' | 'unavailable') => {
          clearTimeout(startTimer);
          clearTimeout(endTimer);
          if (current === utterance) {
            current = null;
            settleCurrent = null;
          }
          resolve(result);
        };
        const startTimer = setTimeout(() => {
          if (!started) {
            synth.cancel();
            done('unavailable');
          }
        }, START_TIMEOUT_MS);
        utterance.onstart = () => {
          started = true;
          // Chrome may stop a long utterance without an end event; the read must not wait forever.
          endTimer = setTimeout(() => {
            synth.cancel();
            done('spoken');
          }, 5000 + text.length * 150);
        };
        utterance.onend = () => done('spoken');
        utterance.onerror = (event) => {
          const error = (event as SpeechSynthesisErrorEvent).error;
          done(error === 'interrupted' || error === 'canceled' ? 'spoken' : 'unavailable');
        };
        current = utterance;
        settleCurrent = () => done('spoken');
        synth.speak(utterance);
      });
    },
    cancel() {
      const settle = settleCurrent;
      settleCurrent = null;
      current = null;
      synth.cancel();
      settle?.();
    },
  };
}
