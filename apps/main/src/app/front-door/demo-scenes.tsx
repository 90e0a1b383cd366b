import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { authModal } from '@vox/auth';
import { coreEndpoints, pathFor, PICKED_SCENE_KEY, type Showcase, type ShowcaseScene } from '@vox/contract';
import { Button, lazyComponent } from '@vox/ui';
import './demo-scenes.css';

type Read = NonNullable<ShowcaseScene['read']>;

// A scene's text loads when a visitor opens it, in a chunk of its own.
const SceneText = lazyComponent(() => import('./scene-text'), (m) => m.SceneText);

/**
 * The demo scenes the server put in the page for a visitor's first load (`showcase` in the data
 * block the shell's first script reads: withFirstData in apps/api/src/plugins/external/web-apps.ts),
 * so they are drawn with the front door's first render; undefined without them (then they are asked for).
 */
function scenesInPage(): Showcase | undefined {
  try {
    return (JSON.parse(document.getElementById('vox-first-data')?.textContent ?? 'null') as { showcase?: Showcase } | null)?.showcase;
  } catch {
    return undefined;
  }
}

/** The scene a visitor chose ("Sign up to read it") waits across joining, for this tab: the first-run step offers it. */
function signUpToRead(scriptId: string) {
  try {
    sessionStorage.setItem(PICKED_SCENE_KEY, scriptId);
  } catch {
    // Storage off: joining offers the shortest scene.
  }
  authModal.open('register');
}

/** Plays a finished read line by line (each spoken line's picked take, in script order). */
function useReadPlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<{ scriptId: string; index: number } | null>(null);
  const queue = useRef<{ scriptId: string; lines: Read['lines'] } | null>(null);

  const stop = () => {
    audio.current?.pause();
    queue.current = null;
    setPlaying(null);
  };

  const playFrom = (scriptId: string, lines: Read['lines'], from: number) => {
    const index = lines.findIndex((l, i) => i >= from && l.audioId);
    if (index < 0) return stop();
    if (!audio.current) audio.current = new Audio();
    const el = audio.current;
    queue.current = { scriptId, lines };
    el.onended = () => {
      if (queue.current?.scriptId === scriptId) playFrom(scriptId, lines, index + 1);
    };
    el.onerror = () => playFrom(scriptId, lines, index + 1);
    el.src = pathFor(coreEndpoints.audio, { audioId: lines[index].audioId as string });
    setPlaying({ scriptId, index });
    el.play().catch(() => stop());
  };

  useEffect(() => () => audio.current?.pause(), []);
  return { playing, play: (scriptId: string, read: Read) => playFrom(scriptId, read.lines, 0), stop };
}

/**
 * The front door's demo scenes: the public scenes of the VoxClub account, each with a Listen
 * button when a finished read of it is featured, its text to read, and a way in for reading it.
 */
export function DemoScenes() {
  const showcase = useQuery({ queryKey: ['first-hour', 'showcase'], queryFn: () => api.call(coreEndpoints.showcase), initialData: scenesInPage, staleTime: 60_000 });
  const player = useReadPlayer();
  const [open, setOpen] = useState<string | null>(null);
  const scenes = showcase.data?.scenes ?? [];
  if (showcase.isPending) return <div className="vox-front__scenes-placeholder" />;
  if (scenes.length === 0) return null;
  const now = player.playing ? scenes.find((s) => s.scriptId === player.playing?.scriptId) : undefined;
  const nowLine = now?.read?.lines[player.playing?.index ?? 0];

  return (
    <section className="vox-demo" aria-labelledby="vox-demo-title">
      <h2 id="vox-demo-title">Try a demo scene</h2>
      <p className="vox-demo__intro">Short public-domain scenes, ready to read. Listen to a finished read, then sign up and take a role.</p>
      <ul className="vox-demo__list">
        {scenes.map((scene) => {
          const isPlaying = player.playing?.scriptId === scene.scriptId;
          const isOpen = open === scene.scriptId;
          const textId = `vox-demo-text-${scene.scriptId}`;
          return (
            <li key={scene.scriptId} className={isOpen ? 'vox-demo__card vox-demo__card--open' : 'vox-demo__card'}>
              <h3>{scene.title}</h3>
              {scene.synopsis && <p className="vox-demo__synopsis">{scene.synopsis}</p>}
              <p className="vox-demo__meta">
                {scene.roles.length === 1 ? '1 role' : `${scene.roles.length} roles`}: {scene.roles.join(', ')}
              </p>
              {scene.read && <p className="vox-demo__meta">Read by {scene.read.readers.join(', ')}</p>}
              <div className="vox-demo__actions">
                {scene.read && (
                  <Button
                    variant={isPlaying ? 'secondary' : 'primary'}
                    size="sm"
                    aria-label={isPlaying ? `Stop ${scene.title}` : `Listen to ${scene.title}`}
                    onClick={() => (isPlaying ? player.stop() : scene.read && player.play(scene.scriptId, scene.read))}
                  >
                    {isPlaying ? 'Stop' : 'Listen'}
                  </Button>
                )}
                <Button variant="secondary" size="sm" aria-expanded={isOpen} aria-controls={textId} onClick={() => setOpen(isOpen ? null : scene.scriptId)}>
                  {isOpen ? 'Hide the scene' : 'Read the scene'}
                </Button>
                <Button variant="link" size="sm" onClick={() => signUpToRead(scene.scriptId)}>
                  Sign up to read it
                </Button>
              </div>
              <div id={textId} hidden={!isOpen}>
                {isOpen && <SceneText scriptId={scene.scriptId} title={scene.title} />}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="vox-demo__now" aria-live="polite">
        {now && nowLine ? (
          <>
            Now playing {now.title}: <strong>{nowLine.role}</strong> {nowLine.text}
          </>
        ) : null}
      </p>
    </section>
  );
}
