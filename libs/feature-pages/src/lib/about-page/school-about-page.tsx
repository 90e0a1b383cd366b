import { Link } from 'react-router';
import { buttonClassName, ContentPage, SiteLink } from '@vox/ui';
import { href, SCHOOL_PRODUCT_NAME } from '@vox/variant';
import '../content-pages.css';

/** The school site's own name (its own identity, not a copy of the main site). */
export const SCHOOL_NAME = SCHOOL_PRODUCT_NAME;
export const SCHOOL_ABOUT_TITLE = `About ${SCHOOL_NAME}`;

/**
 * /about on the school site, its front page for visitors: what the school site
 * is for, for teachers and for students, and how each signs in.
 */
export function SchoolAboutPage() {
  return (
    <ContentPage title={SCHOOL_ABOUT_TITLE} subtitle="Drama classes that read, record and rehearse together, in the browser.">
      <p>
        {SCHOOL_NAME} is VoxClub for drama classes. Teachers set scenes, students rehearse their roles and record
        their lines from anywhere, and the class hears the whole scene come together.
      </p>

      <h2>For teachers</h2>
      <ul>
        <li>Create a class and enrol students from a list: each gets a User ID, so no email address is needed.</li>
        <li>Assign scenes and roles, and follow every student&rsquo;s progress line by line.</li>
        <li>Comment on lines and takes, return work for another try, and mark it complete.</li>
        <li>Issue certificates that anyone can check online.</li>
      </ul>

      <h2>For students</h2>
      <ul>
        <li>Log in with the User ID and the set-password code your teacher gives you.</li>
        <li>Open your assignments, claim your role and record your lines, take by take.</li>
        <li>Read your teacher&rsquo;s comments and find your certificates in one place.</li>
      </ul>

      <h2>Getting started</h2>
      <p>
        Students: use <Link to={href('setPassword')}>Set password</Link> with your code first, then log in. Teachers:
        sign up, then ask us for a teacher account through the <Link to={href('contact')}>contact form</Link> or the{' '}
        <Link to={href('pilotProgram')}>pilot programme</Link>.
      </p>
      <ul className="vox-pages-actions">
        <li>
          <Link to={href('login')} className={buttonClassName({ variant: 'primary' })}>
            Log in
          </Link>
        </li>
        <li>
          <Link to={href('register')} className={buttonClassName({ variant: 'secondary' })}>
            Sign up
          </Link>
        </li>
      </ul>
      <p>
        Not with a school? The{' '}
        <SiteLink to={href('home')} site="main">
          VoxClub main site
        </SiteLink>{' '}
        is open to every voice actor and reader.
      </p>
    </ContentPage>
  );
}
