import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { scriptEndpoints } from '@vox/contract/scripts';
import { Alert, Spinner } from '@vox/ui';

/**
 * A demo scene's text on the front door, for a visitor to read before joining
 * (GET /api/showcase/{scriptId}): headings, action, and each role's lines as a script sets them.
 */
export function SceneText({ scriptId, title }: { scriptId: string; title: string }) {
  const scene = useQuery({ queryKey: ['first-hour', 'demo-scene', scriptId], queryFn: () => api.call(scriptEndpoints.demoScene, { params: { scriptId } }), staleTime: 60_000 });
  if (scene.isPending) return <Spinner label={`Loading the text of ${title}`} />;
  if (scene.isError) return <Alert>The scene could not be loaded. Try again in a moment.</Alert>;
  return (
    <div className="vox-demo__text" role="region" aria-label={`The text of ${title}`}>
      {scene.data.lines.map((line, i) =>
        line.kind === 'dialogue' ? (
          <p key={i} className="vox-demo__line">
            <span className="vox-demo__role">{line.role}</span>
            {line.parenthetical && <span className="vox-demo__paren"> {line.parenthetical}</span>}
            <br />
            {line.text}
          </p>
        ) : (
          <p key={i} className={`vox-demo__${line.kind}`}>
            {line.text}
          </p>
        ),
      )}
    </div>
  );
}
