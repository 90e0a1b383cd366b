/** The part of SpeechSynthesisVoice used to pick voices. */
export interface VoiceLike {
  name: string;
  lang: string;
  default?: boolean;
  localService?: boolean;
}

export interface VoiceChoice<V extends VoiceLike = VoiceLike> {
  /** null: the browser's default voice. */
  voice: V | null;
  /** 0..2; roles sharing a voice get different pitches so they still sound apart. */
  pitch: number;
  rate: number;
}

const PITCHES = [1, 0.8, 1.25, 0.9, 1.15, 0.7, 1.35];

/**
 * A distinct voice per role where the browser has enough of them in the script's language
 * (local voices first: they start at once and work offline), the narration in its own voice;
 * with fewer voices than roles, the pitch tells the roles apart.
 */
export function assignVoices<V extends VoiceLike>(roles: readonly string[], voices: readonly V[], language: string): { narration: VoiceChoice<V>; roles: Map<string, VoiceChoice<V>> } {
  const lang = (language || 'en').toLowerCase().split(/[-_]/)[0];
  const matching = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === lang);
  const pool = [...(matching.length > 0 ? matching : voices)].sort(
    (a, b) => Number(Boolean(b.localService)) - Number(Boolean(a.localService)) || Number(Boolean(b.default)) - Number(Boolean(a.default)),
  );
  const choose = (slot: number): VoiceChoice<V> => {
    if (pool.length === 0) return { voice: null, pitch: PITCHES[slot % PITCHES.length], rate: 1 };
    const voice = pool[slot % pool.length];
    // Each time the voices run out, the next lap of roles gets the next pitch.
    const lap = Math.floor(slot / pool.length);
    return { voice, pitch: PITCHES[lap % PITCHES.length], rate: 1 };
  };
  // Slot 0 is the narrator's; roles take the slots after it.
  return {
    narration: { ...choose(0), rate: 1.05 },
    roles: new Map(roles.map((role, i) => [role, choose(i + 1)])),
  };
}
