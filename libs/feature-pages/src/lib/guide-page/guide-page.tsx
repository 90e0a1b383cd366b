import { Link } from 'react-router';
import { ContentPage } from '@vox/ui';
import { href } from '@vox/variant';
import '../content-pages.css';

const GUIDE_TITLE = 'Guide to create and upload a script';

// A scene small enough to read at a glance that still uses every element the importer maps.
const FOUNTAIN_EXAMPLE = `INT. RADIO STUDIO - NIGHT

A single ON AIR lamp glows red. MAYA pulls her headphones on.

MAYA
(whispering)
Are we live?

THEO
We've been live for ten seconds.

Maya freezes, then leans into the microphone.`;

export function GuidePage() {
  return (
    <ContentPage
      title={GUIDE_TITLE}
      subtitle="From a blank page to a finished table read with your friends, step by step."
    >
      <p>
        A script on VoxClub is more than a document: it is a cast list and an ordered set of lines that people can
        claim and record. This guide walks through writing or importing one, choosing who can see it, and reading it
        together.
      </p>

      <h2>1. Create a script</h2>
      <p>
        Log in and open <Link to={href('scriptCreate')}>Create a script</Link>. Fill in the details first; you can change
        every one of them later from the script&rsquo;s edit page.
      </p>
      <ol className="vox-pages-steps">
        <li>
          <strong>Title and synopsis.</strong> Two or three sentences on who is in it and what happens help readers
          pick a role.
        </li>
        <li>
          <strong>Genre and language.</strong> These power search on the <Link to={href('scripts')}>Scripts</Link> page, so
          readers can find a Spanish comedy or an English audio drama.
        </li>
        <li>
          <strong>Cover image.</strong> Optional, but scripts with a cover stand out in lists. A landscape image works
          best.
        </li>
        <li>
          <strong>Roles.</strong> Add each character with a name and a short description (&ldquo;MAYA, late-night
          radio host, dry humour&rdquo;). Readers claim roles in a table read, so describe voice and temperament.
        </li>
        <li>
          <strong>Lines.</strong> Add lines in order. Each line belongs to a role, or is narration or a stage direction
          for the narrator. Drag lines to reorder them.
        </li>
      </ol>

      <h2>2. Import a screenplay in Fountain</h2>
      <p>
        Already have a script? Paste it in <a href="https://fountain.io/syntax">Fountain</a>, the plain-text
        screenplay format most writing apps can export. On the create or edit page choose <em>Import</em>, paste the
        text and check the preview before saving. A short example:
      </p>
      <figure className="vox-pages-figure">
        <pre className="vox-pages-fountain" tabIndex={0} role="region" aria-label="Fountain example">
          {FOUNTAIN_EXAMPLE}
        </pre>
        <figcaption>A scene in Fountain: scene heading, action, character, parenthetical and dialogue.</figcaption>
      </figure>
      <ul>
        <li>
          <strong>Scene heading</strong>: a line starting with <code>INT.</code> or <code>EXT.</code>, with a blank
          line before it.
        </li>
        <li>
          <strong>Character</strong>: a name in capitals on its own line. Each new name becomes a role.
        </li>
        <li>
          <strong>Parenthetical</strong>: a direction in brackets under the character name, kept with the line.
        </li>
        <li>
          <strong>Dialogue</strong>: the lines right under the character; each block becomes one line for that role.
        </li>
        <li>
          <strong>Action</strong>: any other paragraph. Action and scene headings become narration lines.
        </li>
      </ul>
      <p>You can also export any script you own back to Fountain, to keep a copy or edit it elsewhere.</p>

      <h2>3. Choose who can see it</h2>
      <ul>
        <li>
          <strong>Private</strong>: only you, and the people you invite into a table read with a share link.
        </li>
        <li>
          <strong>Friends</strong>: you and your <Link to={href('friends')}>friends</Link>.
        </li>
        <li>
          <strong>Public</strong>: every member can find and read it.
        </li>
      </ul>
      <p>Start private while you write, and widen it once the script is ready.</p>

      <h2>4. Start a table read</h2>
      <p>
        Open the script and choose <em>Read</em>. VoxClub opens your reading session for that script (or creates
        one), where each participant claims a role. The reader view shows the whole script with the current line
        highlighted, so everyone knows where they are.
      </p>

      <h2>5. Record your takes line by line</h2>
      <ol className="vox-pages-steps">
        <li>Allow microphone access when your browser asks. Nothing is recorded until you press Record.</li>
        <li>Select one of your lines and press Record. Press Stop when you finish the line.</li>
        <li>Listen back. Not happy? Re-record it as often as you like; only the take you keep is uploaded.</li>
        <li>Move on to your next line. Your progress shows in <Link to={href('history')}>History</Link>.</li>
      </ol>
      <p>
        Playback joins everyone&rsquo;s takes in script order as one table read. Lines nobody has recorded yet are
        read by your browser&rsquo;s speech voice, so you can hear the whole scene from the first take.
      </p>

      <h2>6. Invite friends into a role</h2>
      <p>
        In a session, choose <em>Share</em> to create a link, optionally tied to one role. Anyone who opens the link
        and signs in joins your session (and that role). You can revoke a link at any time; people who already joined
        keep their takes.
      </p>

      <h2>7. Tips for good recordings</h2>
      <ul>
        <li>
          <strong>Find a quiet room.</strong> Soft furnishings, curtains and a closed door beat a bare kitchen. Turn
          off fans and notifications.
        </li>
        <li>
          <strong>Wear headphones.</strong> They stop playback of other takes leaking into your microphone.
        </li>
        <li>
          <strong>Keep a steady distance.</strong> About a hand&rsquo;s width (15&ndash;20 cm) from the microphone,
          slightly off to the side to soften &ldquo;p&rdquo; and &ldquo;b&rdquo; pops. Keep it the same for every
          take.
        </li>
        <li>
          <strong>Do a test take.</strong> Record one line, listen back and adjust before recording the rest.
        </li>
        <li>
          <strong>Leave a breath of silence</strong> before and after each line so takes join cleanly.
        </li>
      </ul>
      <p>
        More questions? See the <Link to={href('faq')}>FAQ</Link> or <Link to={href('contact')}>contact us</Link>.
      </p>
    </ContentPage>
  );
}
