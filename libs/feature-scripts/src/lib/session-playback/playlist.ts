import { coreEndpoints, pathFor, type LineKind, type ScriptLine, type Take } from '@vox/contract';

/** How one line sounds in the table read: a recorded take, or the browser's voice. */
export type PlaybackSource = { kind: 'take'; src: string; takeId: string } | { kind: 'speech' };

export interface PlaybackItem {
  lineId: string;
  lineKind: LineKind;
  role: string | null;
  /** What speech reads when there is no take (a dialogue line's parenthetical is not read). */
  text: string;
  source: PlaybackSource;
}

/** Takes per line, in the order the server answered them. */
export function takesByLine(takes: readonly Take[]): Map<string, Take[]> {
  const map = new Map<string, Take[]>();
  for (const take of takes) {
    const list = map.get(take.lineId);
    if (list) list.push(take);
    else map.set(take.lineId, [take]);
  }
  return map;
}

/** The take playback uses for a line: the pick, else the newest (the server keeps one picked). */
export function takeForPlayback(takes: readonly Take[] | undefined): Take | null {
  if (!takes || takes.length === 0) return null;
  return takes.find((t) => t.picked) ?? [...takes].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/**
 * The table read in script order. Each line plays its take (from /api/audio/{hash}); a line
 * whose only recording is still waiting to upload plays it from this browser (`local`: lineId ->
 * object URL); the rest is spoken.
 */
export function buildPlaylist(lines: readonly ScriptLine[], byLine: Map<string, Take[]>, local: ReadonlyMap<string, string> = new Map()): PlaybackItem[] {
  return lines.map((line) => {
    const take = takeForPlayback(byLine.get(line.id));
    const localSrc = local.get(line.id);
    const source: PlaybackSource = take
      ? { kind: 'take', src: pathFor(coreEndpoints.audio, { audioId: take.audio }), takeId: take.id }
      : localSrc
        ? { kind: 'take', src: localSrc, takeId: `local:${line.id}` }
        : { kind: 'speech' };
    return { lineId: line.id, lineKind: line.kind, role: line.role, text: line.text.trim(), source };
  });
}
