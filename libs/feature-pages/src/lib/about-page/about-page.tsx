import { Link } from 'react-router';
import { buttonClassName, ContentPage, SiteLink } from '@vox/ui';
import { href } from '@vox/variant';
import '../content-pages.css';

export const ABOUT_TITLE = 'About VoxClub';

/** The school and podcast sites live on hosts of their own: SiteLink leads to each from the route table. */
export function AboutPage() {
  return (
    <ContentPage title={ABOUT_TITLE} subtitle="A club for people who bring scripts to life with their voice.">
      <p>
        VoxClub is a web home for voice actors and script readers. Write a script or bring one in, invite a cast, and
        record a table read together, each from your own room, with nothing to install: it all happens in the
        browser.
      </p>

      <h2>Who it&rsquo;s for</h2>
      <ul>
        <li>
          <strong>Voice actors</strong> who want regular practice, new characters and a place to keep their takes.
        </li>
        <li>
          <strong>Script readers and writers</strong> who want to hear their words read aloud before anyone else
          does.
        </li>
        <li>
          <strong>Drama teachers and their classes</strong>, who assign scripts, follow each student&rsquo;s progress
          and award certificates.
        </li>
        <li>
          <strong>Podcasters</strong> who publish audio dramas and shows to their listeners.
        </li>
      </ul>

      <h2>What you can do</h2>
      <ul>
        <li>
          Write scripts with roles and lines, or import a screenplay in Fountain text. The{' '}
          <Link to={href('guide')}>guide</Link> shows how.
        </li>
        <li>Keep each script private, share it with friends, or make it public for every member.</li>
        <li>
          Hold table reads: claim a role, record your lines take by take, and play the whole scene back in order.
        </li>
        <li>Invite friends into a role with a share link, and follow your reads in your history.</li>
        <li>Make friends, send messages and get notified when someone invites you to a read.</li>
        <li>
          With a membership, keep drafts with a full revision history, start from templates, build an audio library of
          music and effects, and read the collection of free scripts.
        </li>
      </ul>

      <h2>The school site</h2>
      <p>
        The <SiteLink to={href('home')} site="school">
          VoxClub school site
        </SiteLink> is for drama classes. Teachers create a
        class, enrol students (a school can issue each student a User ID to sign in with, no email needed), assign
        scripts and issue certificates. Students sign in with the User ID their school gives them.
      </p>

      <h2>The podcast site</h2>
      <p>
        On the <SiteLink to={href('home')} site="podcast">
          VoxClub podcast site
        </SiteLink>, creators run channels of episodes and
        playlists, and listeners follow their favourites in a player that keeps playing while they browse. Every
        channel has an RSS feed, so listeners can also subscribe in their usual podcast app.
      </p>

      <h2>Join the club</h2>
      <p>
        Joining is free: a free account lets you read, record and hold table reads with friends. A membership adds
        writing tools and the audio library.
      </p>
      <ul className="vox-pages-actions">
        <li>
          <Link to={href('register')} className={buttonClassName({ variant: 'primary' })}>
            Sign up
          </Link>
        </li>
        <li>
          <Link to={href('membership')} className={buttonClassName({ variant: 'secondary' })}>
            See memberships
          </Link>
        </li>
      </ul>
    </ContentPage>
  );
}
