import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentPage } from '@vox/ui';
import { href } from '@vox/variant';
import '../content-pages.css';

const FAQ_TITLE = 'Frequently asked questions';

interface FaqItemProps {
  question: string;
  children: ReactNode;
}

// Native <details>/<summary> is keyboard- and screen-reader-friendly out of the box and keeps
// answers findable with the browser's in-page search, which a scripted accordion would hide.
function FaqItem({ question, children }: FaqItemProps) {
  return (
    <details>
      <summary>{question}</summary>
      {children}
    </details>
  );
}

export function FaqPage() {
  return (
    <ContentPage title={FAQ_TITLE} subtitle="Quick answers about joining, reading, recording and your account.">
      <div className="vox-pages-faq">
        <h2>Getting started</h2>
        <FaqItem question="How do I join?">
          <p>
            Choose <Link to={href('register')}>Sign up</Link>, enter your email address and a password of at least 6
            characters, and agree to the <Link to={href('terms')}>Terms of Service</Link>. You can also sign in straight away
            with a Microsoft work or school account. Joining is free.
          </p>
        </FaqItem>
        <FaqItem question="Do I need a microphone?">
          <p>
            Only to record. You can browse, read scripts and listen to table reads without one. To record your lines,
            any microphone your browser can use will do: the one built into your laptop or phone works, and a headset
            or USB microphone sounds better. Your browser asks for permission the first time you record.
          </p>
        </FaqItem>
        <FaqItem question="Which browsers are supported?">
          <p>
            The current versions of Chrome, Edge, Firefox and Safari, on computers, phones and tablets. Recording
            needs microphone access, which browsers only allow on secure (https) pages; if the Record button stays
            disabled, check the microphone permission in your browser&rsquo;s site settings.
          </p>
        </FaqItem>

        <h2>Scripts and table reads</h2>
        <FaqItem question="What is a table read?">
          <p>
            A table read is a first read-through of a script with the cast, each reading their own role. On VoxClub
            each participant claims a role and records their lines, from wherever they are. Playback joins all the
            takes in script order; lines nobody has recorded yet are read by your browser&rsquo;s speech voice. The{' '}
            <Link to={href('guide')}>guide</Link> walks through one.
          </p>
        </FaqItem>
        <FaqItem question="Who can see my scripts?">
          <p>
            You decide for each script. <strong>Private</strong> scripts are seen only by you and the people you
            invite into a table read with a share link. <strong>Friends</strong> scripts are visible to your friends,
            and <strong>public</strong> scripts to every member. You can change it at any time from the edit page.
          </p>
        </FaqItem>
        <FaqItem question="Who can hear my recordings?">
          <p>
            Your takes are played back to the participants of the table read you recorded them in, and to the teacher
            if the read is part of a class. They are never made public on their own.
          </p>
        </FaqItem>

        <h2>Membership</h2>
        <FaqItem question="What does a membership include?">
          <p>
            Every account can read and record scripts, hold table reads, make friends and send messages. A membership
            adds privileges for the period you choose:
          </p>
          <ul>
            <li>
              <strong>Writer</strong>: drafts with autosave and revision history, and script templates.
            </li>
            <li>
              <strong>Premium</strong>: everything in Writer, plus your own audio library of music, sound effects and
              voice clips, and the collection of free scripts.
            </li>
          </ul>
          <p>
            Prices and periods are on the <Link to={href('membership')}>membership page</Link>. Memberships do not renew
            automatically; your <Link to={href('subscription')}>subscriptions</Link> page shows when each one ends.
          </p>
        </FaqItem>

        <h2>Your account</h2>
        <FaqItem question="How do I reset my password?">
          <p>
            Open <Link to={href('resetPassword')}>Reset password</Link> (or choose Forgot Password when you log in) and enter
            your email address. We email you a 6-digit code; enter it, then choose a new password of at least 6
            characters. No email? Check your spam folder, or choose Resend code. If your school gave you a User ID
            without an email address, ask your teacher to reset it.
          </p>
        </FaqItem>
        <FaqItem question="Can my school give me a User ID?">
          <p>
            Yes. When a teacher enrols you in a class on the VoxClub school site, the school can create an account
            for you with a User ID and a starting password. Log in on the school site (or choose School Member when
            you log in) with that User ID instead of an email address.
          </p>
        </FaqItem>
        <FaqItem question="How do I sign in with Microsoft?">
          <p>
            Choose <Link to={href('login')}>Log in</Link>, then Log in with Microsoft, and sign in with your work or school
            account. If its email address matches a VoxClub account, you are signed in to that account and can use
            either method from then on; otherwise a new account is created for you. We receive only your name, email
            address and Microsoft account id.
          </p>
        </FaqItem>
        <FaqItem question="How do I delete my account?">
          <p>
            Log in and send us a request through the <Link to={href('contact')}>contact form</Link>. We confirm by email and
            delete your profile, scripts, drafts, audio and recordings within 30 days. Deletion cannot be undone and
            ends any membership time left, so ask us for an export of your data first if you want a copy. The{' '}
            <Link to={href('privacy')}>Privacy Policy</Link> explains what we keep and for how long.
          </p>
        </FaqItem>

        <h2>Still stuck?</h2>
        <p>
          <Link to={href('contact')}>Contact us</Link> and a real person will answer.
        </p>
      </div>
    </ContentPage>
  );
}
