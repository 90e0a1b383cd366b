import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { authModal } from '@vox/auth';
import { Button, buttonClassName, lazyComponent, Page } from '@vox/ui';
import { href } from '@vox/variant';
import './front-door.css';

// The demo scenes and their player load after the page shows, in their own small chunk.
// Not React.lazy: a Suspense reveal waits 300 ms after any recent fallback (see lazyComponent).
const placeholder = <div className="vox-front__scenes-placeholder" />;
const DemoScenes = lazyComponent(() => import('./demo-scenes'), (m) => m.default, placeholder);

/**
 * How long after the front door's first frame the demo scenes are asked for. Long enough that the
 * hero's paint is on screen first: an idle callback right after the first frame came before the
 * frame was presented, and the scenes' chunk and read then counted as part of the page's largest
 * paint (Lighthouse). The scenes sit below the hero.
 */
export const DEMO_SCENES_DELAY_MS = 500;

/**
 * True once the page has shown, DEMO_SCENES_DELAY_MS have passed and the browser is idle (an idle
 * callback; at once where there is none): the demo scenes' chunk and read are asked for only
 * then, so nothing of theirs competes with the front door's first paint.
 */
function useShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let cancel = () => undefined as void;
    const frame = requestAnimationFrame(() => {
      const timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          const idle = requestIdleCallback(() => setShown(true), { timeout: 2000 });
          cancel = () => cancelIdleCallback(idle);
        } else {
          setShown(true);
        }
      }, DEMO_SCENES_DELAY_MS);
      cancel = () => clearTimeout(timer);
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, []);
  return shown;
}

/** What VoxClub does, in one line. */
export const FRONT_DOOR_LINE = 'Read scripts aloud together: claim a role, record your lines from home, and hear the whole scene come together.';

/**
 * The logged-out /scripts, where / leads (seed section 2): the seed's log-in prompt for 'scripts'
 * ("Log in to see your scripts", Log in, Sign up), made a real front door: what VoxClub
 * does in one line, and the public demo scenes, with a Listen button for a finished read.
 */
export function FrontDoor() {
  const shown = useShown();
  return (
    <Page className="vox-front">
      <section className="vox-front__hero" aria-labelledby="vox-front-title">
        <div className="vox-front__pitch">
          <p className="vox-front__eyebrow">VoxClub, the table-read club</p>
          <p className="vox-front__line">{FRONT_DOOR_LINE}</p>
        </div>
        <div className="vox-front__prompt">
          <h1 id="vox-front-title">Log in to see your scripts</h1>
          <p>New here? Sign up for free and join the club.</p>
          <div className="vox-front__actions">
            <Button variant="primary" size="lg" onClick={() => authModal.open('login')}>
              Log in
            </Button>
            <Link to={href('register')} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Sign up
            </Link>
          </div>
        </div>
      </section>
      {shown ? <DemoScenes /> : placeholder}
    </Page>
  );
}
