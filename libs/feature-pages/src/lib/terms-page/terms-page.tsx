import { Link } from 'react-router';
import { ContentPage } from '@vox/ui';
import { href } from '@vox/variant';
import { PolicyDate } from '../policy-date';

const TERMS_TITLE = 'Terms of Service';

export function TermsPage() {
  return (
    <ContentPage title={TERMS_TITLE} subtitle={<PolicyDate />}>
      <p>
        These terms are the agreement between you and VoxClub when you use any of our sites: the main site, the
        school site, the podcast site and the dashboard. By creating an account or using the service you accept them.
        Please also read our <Link to={href('privacy')}>Privacy Policy</Link>, which explains how we handle your data.
      </p>

      <h2>Your account and membership</h2>
      <ul>
        <li>
          Joining is free. Every new account starts as a <strong>member</strong>, which lets you read and record
          scripts, hold table reads and have friends.
        </li>
        <li>
          You must be at least 13 years old, or use VoxClub through a school class with your school&rsquo;s
          permission.
        </li>
        <li>
          Give a real email address and keep your password to yourself. You are responsible for what happens under
          your account; tell us through the <Link to={href('contact')}>contact form</Link> if you think someone else is using
          it.
        </li>
        <li>One person, one account. School User ID accounts belong to the student they were issued to.</li>
      </ul>

      <h2>Acceptable use</h2>
      <p>VoxClub is a club; treat the other members the way you would want to be treated at a table read. Do not:</p>
      <ul>
        <li>harass, threaten or impersonate anyone;</li>
        <li>post illegal or hateful content, or sexual content of any kind involving minors;</li>
        <li>upload scripts, audio or images you have no right to share;</li>
        <li>record or share anyone&rsquo;s voice in a way they did not agree to;</li>
        <li>send spam, or use share links or messages to advertise;</li>
        <li>try to break, overload or get around the security or privilege checks of the service, or scrape it.</li>
      </ul>

      <h2>Your content</h2>
      <p>
        You keep all rights to the scripts, drafts, audio and recordings you create. To run the service you give us a
        worldwide, non-exclusive, royalty-free licence to store, copy, process and show that content to the people
        you choose, through the visibility and sharing settings you pick. The licence ends when you delete the content
        or your account, except for copies we must keep by law.
      </p>

      <h2>Copyright of scripts</h2>
      <p>
        Only upload or import scripts you wrote yourself, that are in the public domain, or that you have permission
        to use. Most published plays and screenplays are protected by copyright even if you own a printed copy. If you
        believe something on VoxClub infringes your rights, tell us through the <Link to={href('contact')}>contact form</Link>
        {' '}with a link to it; we will take it down while we look into it, and we close the accounts of repeat
        infringers.
      </p>

      <h2>Recordings</h2>
      <p>
        A take belongs to the person who recorded it. By recording in a table read you agree that the other
        participants may play your takes back as part of that session. Ask before using anyone else&rsquo;s takes
        outside VoxClub. Takes recorded for a class are also visible to its teacher.
      </p>

      <h2>Paid memberships, renewals and expiry</h2>
      <ul>
        <li>
          A plan on the <Link to={href('membership')}>membership page</Link> grants a role, such as Writer or Premium, for
          the period shown next to its price. The role&rsquo;s privileges start as soon as the payment is confirmed.
        </li>
        <li>
          Payments are handled by our payment provider; prices include any taxes shown at checkout.
        </li>
        <li>
          Memberships do not renew automatically, and we never charge you without your action. To continue, buy the
          plan again; your <Link to={href('subscription')}>subscription page</Link> shows each membership and its expiry
          date.
        </li>
        <li>
          When a membership expires, its privileges stop. Your drafts, templates and audio are not deleted; you can
          reach them again when you renew.
        </li>
        <li>
          If a payment went wrong or you were charged for something you could not use, contact us. This does not
          affect any right to a refund you have under the law where you live.
        </li>
      </ul>

      <h2>Ending your account</h2>
      <p>
        You can delete your account at any time; see the <Link to={href('faq')}>FAQ</Link> for how. We may suspend or close
        an account that breaks these terms, normally after a warning, or straight away for serious or repeated
        breaches. If we close an account with a paid membership for reasons other than a breach, we refund the unused
        part.
      </p>

      <h2>Disclaimers</h2>
      <p>
        We work hard to keep VoxClub running and your work safe, but the service is provided &ldquo;as is&rdquo;. We
        cannot promise it will always be available or free of errors, so keep your own copy of work that matters:
        scripts export as Fountain text. We are not responsible for content that members post. To the extent the law
        allows, our liability is limited to what you paid us in the twelve months before the claim. Nothing here
        limits liability that cannot be limited by law.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may update these terms as the club grows. We change the date at the top, and for important changes we
        tell members by message at least 14 days before they take effect. If you keep using VoxClub after that, the
        new terms apply; if you do not agree, you can delete your account.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms? Write to us through the <Link to={href('contact')}>contact form</Link>.
      </p>
    </ContentPage>
  );
}
