import type { Template } from '@vox/contract/schemas';

/**
 * The ready-made templates every writer sees, written for VoxClub: scripts meant to
 * be read aloud and recorded. They live in code, not in rows, so a fix reaches everyone at the
 * next release; their ids start with `sys-`, which a writer's own (random) ids never do.
 */
const RELEASED = '2026-11-23T00:00:00.000Z';

const template = (id: string, title: string, description: string, body: string): Template => ({
  id,
  title,
  description,
  system: true,
  updatedAt: RELEASED,
  body: body.trimStart(),
});

export const SYSTEM_TEMPLATES: readonly Template[] = [
  template(
    'sys-audio-drama',
    'Audio drama scene',
    'One scene of a radio play: sound cues carry the picture, two voices carry the story.',
    `
Title: The Lighthouse Keeper
Genre: Audio drama
Language: en
Roles:
    MARA: The keeper, sixty, has not spoken to anyone in a week.
    TOM: A young coastguard, soaked and out of breath.

EXT. LIGHTHOUSE GALLERY - NIGHT

Wind howls around the lamp room. Far below, waves break on rock. A heavy iron door bangs open.

TOM
(shouting over the wind)
Mrs. Keane? Mara Keane?

MARA
Shut that door before you let the whole sea in.

The door slams. The wind drops to a muffled roar. Boots on iron steps.

TOM
The radio's been silent since Tuesday. We thought...

MARA
You thought the old woman had gone over the rail.

TOM
(beat)
Something like that.

MARA
The radio broke. The lamp didn't. That's the part that matters.

A long groan from the lamp mechanism as it turns. A click, then a steady hum.

TOM
There's a ship out there, isn't there? You've been watching it.

MARA
(quietly)
Three nights now. No lights. No name on the hull.

CUT TO:
`,
  ),
  template(
    'sys-radio-spot',
    'Radio commercial (30 seconds)',
    'A 30-second spot: hook, problem, product, call to action, with a legal tag read fast.',
    `
Title: Harbour Bakery - "First Batch" (:30)
Genre: Commercial
Language: en
Roles:
    ANNOUNCER: Warm, unhurried, a smile in the voice.
    CUSTOMER: Half asleep, then delighted.

INT. KITCHEN - EARLY MORNING

SFX: an alarm clock buzzes; a hand slaps it off.

CUSTOMER
(groggy)
Five a.m. Why am I awake?

ANNOUNCER
Because at Harbour Bakery, the first batch comes out of the oven at five fifteen.

SFX: an oven door creaks open; a crackle of fresh crust.

CUSTOMER
(suddenly awake)
Is that... cinnamon?

ANNOUNCER
Sourdough, cinnamon knots and rye, baked every morning on Quay Street. Be first in line and your coffee's on us all month.

CUSTOMER
I'm putting my shoes on.

ANNOUNCER
(faster, lighter)
Harbour Bakery. Open from five. Free coffee with any loaf until the thirty-first, one per customer.

FADE OUT.
`,
  ),
  template(
    'sys-audition-sides',
    'Two-hander audition sides',
    'Short sides for two actors: a clear want for each, a turn in the middle, room to play.',
    `
Title: Audition Sides - "The Key"
Genre: Drama
Language: en
Roles:
    ALEX: Thirties, came back to town for the funeral, wants to leave tonight.
    SAM: Alex's younger sibling, stayed, kept the house running.

INT. FAMILY HOUSE - HALLWAY - NIGHT

Coats on hooks. A suitcase by the door. SAM blocks the way, holding a single brass key.

SAM
You weren't going to say goodbye.

ALEX
I left a note on the fridge.

SAM
A note. Under the magnet shaped like a pineapple. Very moving.

ALEX
(reaching for the suitcase)
Sam, I can't do another day in this house.

SAM
Then take this.

SAM holds out the key. ALEX does not take it.

ALEX
What is it?

SAM
Dad's workshop. He said you'd know what to do with what's in there. He never told me what it was.

ALEX
(a long beat; softer)
He kept it.

SAM
Kept what?

ALEX takes the key and sets the suitcase down.

ALEX
Put the kettle on. This is going to take a while.
`,
  ),
  template(
    'sys-podcast-intro-outro',
    'Podcast intro and outro',
    'A cold open, the show intro, a sponsor read and an outro with the call to subscribe.',
    `
Title: Night Shift Stories - Episode Intro and Outro
Genre: Podcast
Language: en
Roles:
    HOST: Friendly, curious, talks to one listener at a time.
    GUEST: Today's storyteller.

INT. STUDIO - COLD OPEN

GUEST
(mid-story, already laughing)
...and that's when I realised the ambulance was following *us*.

MUSIC: theme sting, two seconds.

HOST
Welcome to Night Shift Stories, the show about the people who work while the rest of us sleep. I'm your host. Tonight: a paramedic, a wrong turn, and the longest night of her career.

MUSIC: theme under, then out.

HOST
(sponsor read, relaxed)
This episode is brought to you by Lantern Tea. Caffeine-free, brewed for the end of a long shift. Use the code NIGHTSHIFT for ten percent off.

INT. STUDIO - OUTRO

HOST
That's all for tonight. If this story kept you company, follow the show wherever you listen, and tell us your own night-shift story: the address is in the episode notes.

GUEST
Stay safe out there.

HOST
Until next week.

MUSIC: theme up and out.
`,
  ),
];

export const systemTemplate = (id: string): Template | undefined => SYSTEM_TEMPLATES.find((t) => t.id === id);
