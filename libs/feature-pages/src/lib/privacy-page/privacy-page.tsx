import { Link } from 'react-router';
import { ContentPage } from '@vox/ui';
import { href } from '@vox/variant';
import { PolicyDate } from '../policy-date';

const PRIVACY_TITLE = 'Privacy Policy';

export function PrivacyPage() {
  return (
    <ContentPage title={PRIVACY_TITLE} subtitle={<PolicyDate />}>
      <p>
        This policy explains what VoxClub collects when you use our sites (the main site, the school site, the podcast
        site and the dashboard), why, and what you can do about it. The short version: we keep what we need to run the
        club, we do not sell your data, and we use no advertising cookies.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: your email address, your password (stored only as a one-way hash), and a
          User ID if your school created your account.
        </li>
        <li>
          <strong>Profile</strong>: the name, handle, photo and bio you choose to add.
        </li>
        <li>
          <strong>Your content</strong>: scripts, drafts and their revision history, templates, audio you upload, and
          the takes you record in table reads.
        </li>
        <li>
          <strong>Club activity</strong>: friends and friend requests, messages, reading sessions and share links.
        </li>
        <li>
          <strong>Activity log</strong>: the pages you visit, with the time and a session id that is random per
          browser tab and renewed after 30 minutes without activity. If you are signed in, the entry is linked to your
          account.
        </li>
        <li>
          <strong>Sign-in events</strong>: when you register, sign in or out, and a count of failed sign-in attempts so
          we can lock out password guessing.
        </li>
        <li>
          <strong>Memberships</strong>: which plan you bought, when it expires, and the payment reference. Card details
          go straight to our payment provider; we never see or store your card number.
        </li>
        <li>
          <strong>Technical logs</strong>: our servers record requests (time, address requested, IP address, errors)
          to keep the service secure and fix problems.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To run your account and sign you in, and to keep it secure.</li>
        <li>To store, show and play back your scripts and recordings to the people you choose.</li>
        <li>To deliver messages, friend requests and session invitations.</li>
        <li>To grant the privileges of the membership you paid for, for as long as it lasts.</li>
        <li>
          To understand how the club is used (for example, how many people recorded a take this week) from the
          activity log, so we can improve it. We do not build advertising profiles.
        </li>
        <li>To send service emails such as password reset codes. We do not send marketing email.</li>
      </ul>

      <h2>Cookies and browser storage</h2>
      <p>
        We set <strong>two cookies</strong>, both only while you are signed in. The first is an httpOnly sign-in
        cookie that keeps you signed in for up to 30 days. Page scripts cannot read it, it is sent only to our sign-in
        endpoints, and signing out deletes it. Without it you would have to sign in on every visit.
      </p>
      <p>
        The second, <code>vox_signed_in</code>, holds only the value 1: it tells our server that this browser has a
        session, so a page can start loading what signed-in members see first. It carries nothing about you, grants
        no access, and ends with the sign-in cookie.
      </p>
      <p>
        We also keep a few small values in your browser: the per-tab session id for the activity log and, if you use
        Microsoft sign-in, its sign-in state (both in session storage, gone when you close the tab), and the id of the
        last message you have seen, so the new-message dot is accurate (local storage).
      </p>
      <p>There are no advertising cookies, no third-party trackers and no cross-site analytics.</p>

      <h2>Signing in with Microsoft</h2>
      <p>
        If you sign in with a Microsoft work or school account, Microsoft tells us your name, your email address and
        your Microsoft account id, which we use to find or link your VoxClub account. We ask for no other permissions:
        we cannot read your mail, files or contacts, and we never see your Microsoft password.
      </p>

      <h2>Who else can see it</h2>
      <ul>
        <li>
          <strong>Other members</strong> see your profile and what you share: scripts according to their visibility
          (private, friends or public), and your takes to the people in the same table read.
        </li>
        <li>
          <strong>Your teacher</strong>, if you are in a class on the school site, sees your work for that class.
        </li>
        <li>
          <strong>Service providers</strong> that run parts of the service for us: hosting, email delivery and payment
          processing. They may use your data only to provide that service to us.
        </li>
        <li>
          <strong>Authorities</strong>, only when the law requires it.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account, profile and content: for as long as you keep your account.</li>
        <li>
          After you delete your account: your profile, scripts, drafts, audio and recordings are removed within 30
          days. Activity log entries are detached from your account and kept anonymously for statistics for up to two
          years.
        </li>
        <li>Sign-in sessions: at most 30 days. Password reset codes: minutes, and they work only once.</li>
        <li>Technical server logs: 30 days.</li>
        <li>Payment records: as long as tax and accounting law requires.</li>
      </ul>

      <h2>Your rights</h2>
      <p>Wherever you live, you can ask us to:</p>
      <ul>
        <li>
          <strong>Access</strong> the data we hold about you.
        </li>
        <li>
          <strong>Export</strong> it in a machine-readable format (your scripts also export as Fountain text).
        </li>
        <li>
          <strong>Correct</strong> it; most of it you can edit yourself in your profile.
        </li>
        <li>
          <strong>Delete</strong> your account and everything in it.
        </li>
      </ul>
      <p>
        We answer within 30 days and may ask you to confirm the request from your account&rsquo;s email address. You
        can also complain to your local data protection authority.
      </p>

      <h2>Schools and students</h2>
      <p>
        When a school creates User ID accounts for its students, the school decides what its classes use VoxClub for
        and is responsible for getting any consent the students or their parents need. We process those accounts on
        the school&rsquo;s behalf.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy we update the date at the top, and for important changes we tell members by message
        before they take effect.
      </p>

      <h2>Contact</h2>
      <p>
        To ask a question or use one of your rights, write to us through the <Link to={href('contact')}>contact form</Link>{' '}
        and we will reply by email. See also our <Link to={href('terms')}>Terms of Service</Link>.
      </p>
    </ContentPage>
  );
}
