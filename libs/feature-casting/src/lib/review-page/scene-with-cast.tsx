import { useCallback, useState } from 'react';
import type { CastingCall } from '@vox/contract/casting';
import { Alert, Button, Spinner } from '@vox/ui';
import { useCastingScene } from '../api/casting';
import type { PlayableLine, useLinePlayer } from '../shared/use-line-player';

const storageKey = (callId: string) => `vox.castingScene.${callId}`;

const readPicks = (callId: string): Record<string, string> => {
  try {
    return JSON.parse(window.sessionStorage.getItem(storageKey(callId)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
};

/** The audition picked per role for "the scene with this cast", kept for the tab while the owner goes from role to role. */
export function useScenePicks(callId: string) {
  const [picks, setPicks] = useState<Record<string, string>>(() => readPicks(callId));
  const pick = useCallback(
    (roleId: string, auditionId: string | null) =>
      setPicks((old) => {
        const next = { ...old };
        if (auditionId) next[roleId] = auditionId;
        else delete next[roleId];
        try {
          window.sessionStorage.setItem(storageKey(callId), JSON.stringify(next));
        } catch {
          // Private mode: the picks last for this page only.
        }
        return next;
      }),
    [callId],
  );
  return { picks, pick };
}

interface Props {
  call: CastingCall;
  picks: Record<string, string>;
  player: ReturnType<typeof useLinePlayer>;
}

/** The chosen auditions of each role, with the cue lines between them, in script order. */
export function SceneWithCast({ call, picks, player }: Props) {
  const ids = call.roles.map((r) => picks[r.id]).filter((id): id is string => !!id);
  const [asked, setAsked] = useState(false);
  const scene = useCastingScene(call.id, asked ? ids : []);
  const chosen = call.roles.filter((r) => picks[r.id]).map((r) => r.name);

  const play = () => {
    if (!scene.data) return;
    const wholeFiles = new Map(scene.data.auditions.filter((a) => a.wholeFile).map((a) => [a.id, a.wholeFile!.audioUrl]));
    const played = new Set<string>();
    const lines: PlayableLine[] = [];
    for (const line of scene.data.lines) {
      const whole = line.auditionId ? wholeFiles.get(line.auditionId) : undefined;
      if (whole) {
        // A whole-file audition plays once, where its role first speaks.
        if (!played.has(line.auditionId!)) lines.push({ key: line.lineId, roleName: line.roleName, text: line.text, audioUrl: whole });
        played.add(line.auditionId!);
        continue;
      }
      lines.push({ key: line.lineId, roleName: line.roleName, text: line.text, audioUrl: line.audioUrl });
    }
    void player.play(lines);
  };

  return (
    <section className="vox-card vox-stack vox-stack--tight" aria-label="The scene with this cast">
      <h2>The scene with this cast</h2>
      <p>{chosen.length === 0 ? 'Tick “In the scene” on one audition per role, on each role’s page, to hear them together.' : `In the scene: ${chosen.join(', ')}.`}</p>
      <div className="vox-toolbar">
        {!asked || !scene.data ? (
          <Button variant="secondary" disabled={ids.length === 0} busy={asked && scene.isFetching} onClick={() => setAsked(true)}>
            Load the scene
          </Button>
        ) : (
          <Button onClick={play}>Play the scene with this cast</Button>
        )}
      </div>
      {asked && scene.isPending && ids.length > 0 && <Spinner label="Loading the scene" />}
      {scene.isError && <Alert variant="error">{scene.error.message}</Alert>}
      {scene.data && (
        <ol className="vox-casting-sides" aria-label="Scene lines">
          {scene.data.lines.map((line) => (
            <li key={line.lineId} className={player.playing === line.lineId ? 'vox-casting-cue--playing' : undefined}>
              <strong>{line.roleName}:</strong> {line.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
