/** A dialogue line of the script, in script order. */
export interface ScriptLine {
  id: string;
  role_name: string | null;
  parenthetical: string | null;
  text: string;
}

/**
 * The cue lines of each side: the other parts' lines just before it in script order, oldest
 * first, at most `max`, stopping at the role's own previous line (what the actor hears before
 * speaking). A side no longer in the script gets none and is left out.
 */
export function cuesOfSides(lines: ScriptLine[], roleName: string, sideIds: string[], max: number): Map<string, ScriptLine[]> {
  const index = new Map(lines.map((line, i) => [line.id, i]));
  const cues = new Map<string, ScriptLine[]>();
  for (const sideId of sideIds) {
    const at = index.get(sideId);
    if (at === undefined) continue;
    const before: ScriptLine[] = [];
    for (let i = at - 1; i >= 0 && before.length < max; i--) {
      if (lines[i].role_name === roleName) break;
      before.unshift(lines[i]);
    }
    cues.set(sideId, before);
  }
  return cues;
}
