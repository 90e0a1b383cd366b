import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { PlaybackItem } from './playlist';
import { browserSpeechOutput, elementAudioOutput, type SpeechOutput } from '@vox/recording';
import { createSequencer, type PlaybackState, type Sequencer } from './sequencer';

interface PlaybackOptions {
  /** The reader's <audio> element. */
  audioRef: RefObject<HTMLAudioElement | null>;
  items: readonly PlaybackItem[];
  roles: readonly string[];
  language: string;
  /** Specs pass a stand-in; undefined uses the browser's speech synthesis. */
  speech?: SpeechOutput | null;
}

/** The reader's table-read player: state for the controls, the sequencer for the actions. */
export function usePlayback({ audioRef, items, roles, language, speech }: PlaybackOptions) {
  const [state, setState] = useState<PlaybackState>({ status: 'idle', index: 0 });
  const [notice, setNotice] = useState<string | null>(null);
  const sequencerRef = useRef<Sequencer | null>(null);
  const rolesKey = roles.join('\u0000');

  useEffect(() => {
    const element = audioRef.current;
    if (!element) return undefined;
    const sequencer = createSequencer({
      audio: elementAudioOutput(element),
      speech: speech === undefined ? browserSpeechOutput(rolesKey ? rolesKey.split('\u0000') : [], language) : speech,
      onState: setState,
      onNotice: setNotice,
    });
    sequencerRef.current = sequencer;
    return () => {
      sequencer.stop();
      sequencerRef.current = null;
    };
  }, [audioRef, rolesKey, language, speech]);

  useEffect(() => {
    sequencerRef.current?.setPlaylist(items);
  }, [items, rolesKey, language, speech]);

  // The same functions on every render, so rows handed them do not re-render.
  const controls = useMemo(
    () => ({
      play: (from?: number, plan?: readonly number[]) => sequencerRef.current?.play(from, plan),
      pause: () => sequencerRef.current?.pause(),
      stop: () => sequencerRef.current?.stop(),
      preview: (src: string) => sequencerRef.current?.preview(src),
    }),
    [],
  );
  return { state, notice, ...controls };
}
