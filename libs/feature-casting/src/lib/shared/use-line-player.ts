import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserSpeechOutput, elementAudioOutput, type SpeechOutput } from '@vox/recording';

/** A line to play: a recording where there is one, else its text spoken in the role's voice. */
export interface PlayableLine {
  key: string;
  roleName: string;
  text: string;
  audioUrl: string | null;
}

/** How long a line stands silent when neither a recording nor a voice can fill it (as the reader pauses). */
const SILENT_LINE_MS = 700;

/**
 * Plays lines in order on one `<audio>` element: a line's recording, else the browser's speech
 * (a voice per role, the reader's fallback), else a short pause. `playing` is the line's key.
 */
export function useLinePlayer(roles: readonly string[], language: string, speech?: SpeechOutput | null) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [noVoice, setNoVoice] = useState(false);
  const runRef = useRef(0);
  const voice = useMemo(() => (speech === undefined ? browserSpeechOutput(roles, language) : speech), [speech, roles, language]);
  const stopRef = useRef<() => void>(() => undefined);

  const stop = useCallback(() => {
    runRef.current += 1;
    stopRef.current();
    voice?.cancel();
    setPlaying(null);
  }, [voice]);
  useEffect(() => stop, [stop]);

  /** Plays the lines; resolves true at the end, false when stopped or superseded. */
  const play = useCallback(
    async (lines: readonly PlayableLine[]): Promise<boolean> => {
      stop();
      const run = runRef.current;
      const element = audioRef.current;
      const output = element ? elementAudioOutput(element) : null;
      stopRef.current = () => output?.stop();
      for (const line of lines) {
        if (runRef.current !== run) return false;
        setPlaying(line.key);
        let done = false;
        if (line.audioUrl && output) {
          done = await output.play(line.audioUrl, false).then(
            () => true,
            () => false,
          );
        }
        if (!done && voice) done = (await voice.speak(line.text, line.roleName)) === 'spoken';
        if (!done) {
          setNoVoice(true);
          await new Promise((resolve) => setTimeout(resolve, SILENT_LINE_MS));
        }
      }
      if (runRef.current !== run) return false;
      setPlaying(null);
      return true;
    },
    [stop, voice],
  );

  return { audioRef, playing, play, stop, noVoice };
}
