import { useEffect } from 'react';
import { Link } from 'react-router';
import { authModal } from '@vox/auth';
import { documentTitle, href } from '@vox/variant';
import { Button, buttonClassName, Page } from '@vox/ui';
import { DemoScenes } from './demo-scenes';
import './front-door.css';

/** What VoxClub is, as the front door's heading and the tab's title say it. */
export const FRONT_DOOR_TITLE = 'Read scripts aloud together';

/** What VoxClub does, in one line. */
export const FRONT_DOOR_LINE = 'Claim a role, record your lines from home, and hear the whole scene come together.';

/**
 * The tab names the front door as the site's home ("Read scripts aloud together · VoxClub"), not
 * the members' list the route is ("Scripts"). Signing in here shows that list at the same path, so
 * its title comes back then, unless a new route has already set its own.
 */
function useHomeTitle() {
  useEffect(() => {
    const before = document.title;
    const home = documentTitle(FRONT_DOOR_TITLE, 'default');
    document.title = home;
    return () => {
      if (document.title === home) document.title = before;
    };
  }, []);
}

/**
 * The logged-out /scripts, where / leads: the site's home for a visitor. What VoxClub does, Log in
 * and Sign up, and the public demo scenes, drawn with the first render: the page carries them.
 */
export function FrontDoor() {
  useHomeTitle();
  return (
    <Page className="vox-front">
      <section className="vox-front__hero" aria-labelledby="vox-front-title">
        <div className="vox-front__pitch">
          <p className="vox-front__eyebrow">VoxClub, the table-read club</p>
          <h1 id="vox-front-title" className="vox-front__title">
            {FRONT_DOOR_TITLE}
          </h1>
          <p className="vox-front__line">{FRONT_DOOR_LINE}</p>
        </div>
        <div className="vox-front__prompt">
          <p className="vox-front__prompt-title">New here? Sign up for free and join the club.</p>
          <p>Already a member? Log in to see your scripts.</p>
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
      <DemoScenes />
    </Page>
  );
}
