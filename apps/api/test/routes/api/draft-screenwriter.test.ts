import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import type { Draft, DraftList } from '@vox/contract';
import { pageAt, parseFountain } from '@vox/fountain';
import { fdxToFountain, fountainToFdx } from '../../../src/services/drafts/fdx';
import { bearer, build, createUser, type TestUser } from '../../helper';

interface PdfPage {
  lines: { y: number; x: number; text: string }[];
}

/** The PDF's text per page, read by pdfjs-dist in a child process (it is ESM only). */
function pdfText(bytes: Buffer): PdfPage[] {
  const run = spawnSync(process.execPath, [path.join(__dirname, '../../pdf-text.mjs')], { input: bytes, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const action = (n: number) => Array.from({ length: n }, (_, i) => `Action ${i + 1}.`).join('\n\n');

/** Scripts whose page count the editor and the PDF must agree on. */
const SCRIPTS: Record<string, string> = {
  short: 'INT. DECK - NIGHT\n\nRain.\n\nNORA\nOne way.',
  // 28 one-line actions with a blank line between: exactly 55 lines, one full page.
  'exactly one page': action(28),
  'one line over': action(28) + '\n\nThe last one.',
  // Long speeches that break across pages (MORE / CONT'D).
  'long dialogue': Array.from(
    { length: 24 },
    (_, i) =>
      `INT. ROOM ${i + 1} - DAY\n\nThe clock ticks.\n\nNORA\n(quietly)\n${'Still waiting for the last ferry, as I have every single night since the winter came. '.repeat(4).trim()}\n\nTOM\nI know.`,
  ).join('\n\n'),
};

const FDX = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  <Content>
    <Paragraph Type="Scene Heading"><Text>INT. HOUSE - DAY</Text></Paragraph>
    <Paragraph Type="Action"><Text>Rain on the </Text><Text Style="Bold">glass</Text><Text>.</Text></Paragraph>
    <Paragraph Type="Character"><Text>MARA</Text></Paragraph>
    <Paragraph Type="Parenthetical"><Text>(softly)</Text></Paragraph>
    <Paragraph Type="Dialogue"><Text>Is it still raining &amp; cold?</Text></Paragraph>
    <Paragraph Type="Shot"><Text>CLOSE ON THE WINDOW</Text></Paragraph>
    <Paragraph Type="Transition"><Text>CUT TO:</Text></Paragraph>
    <Paragraph Type="Scene Heading"><Text>EXT. GARDEN - NIGHT</Text></Paragraph>
    <Paragraph Type="General"><Text>Silence.</Text></Paragraph>
  </Content>
  <TitlePage><Content><Paragraph Alignment="Center"><Text>The Rain House</Text></Paragraph></Content></TitlePage>
</FinalDraft>`;

describe('FDX conversion', () => {
  it('reads a Final Draft script: headings, action (styled runs joined), cues, parentheticals, speech, shots and transitions', () => {
    const fountain = fdxToFountain(FDX);
    const script = parseFountain(fountain);
    expect(script.title).toBe('The Rain House');
    expect(script.lines.map((l) => [l.kind, l.role, l.parenthetical, l.text])).toEqual([
      ['scene', null, null, 'INT. HOUSE - DAY'],
      ['action', null, null, 'Rain on the glass.'],
      ['dialogue', 'MARA', '(softly)', 'Is it still raining & cold?'],
      ['action', null, null, 'CLOSE ON THE WINDOW'],
      ['transition', null, null, 'CUT TO:'],
      ['scene', null, null, 'EXT. GARDEN - NIGHT'],
      ['action', null, null, 'Silence.'],
    ]);
  });

  it('round-trips Fountain -> FDX -> Fountain with every scene heading, action, cue, parenthetical, speech and transition', () => {
    const fountain = `Title: Round Trip

INT. FERRY DECK - NIGHT

Rain drums on the rail.
A horn sounds.

NORA
(to herself)
One way.
(beat)
Only one way.

NORA
Again, later.

@McCLANE
Hello & <goodbye>.

SMASH TO:

EXT. PIER - DAY

BOOM.

> FADE OUT.
`;
    const xml = fountainToFdx(fountain);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (n) => n === 'Paragraph' }).parse(xml);
    expect(parsed.FinalDraft).toMatchObject({ '@_DocumentType': 'Script', '@_Template': 'No', '@_Version': '5' });
    expect(parsed.FinalDraft.Content.Paragraph.map((p: { '@_Type': string }) => p['@_Type'])).toEqual([
      'Scene Heading',
      'Action',
      'Character',
      'Parenthetical',
      'Dialogue',
      'Parenthetical',
      'Dialogue',
      'Character',
      'Dialogue',
      'Character',
      'Dialogue',
      'Transition',
      'Scene Heading',
      'Action',
      'Transition',
    ]);
    expect(xml).toContain('<Text>Hello &amp; &lt;goodbye&gt;.</Text>');
    expect(parseFountain(fdxToFountain(xml))).toEqual(parseFountain(fountain));
  });

  it('refuses what is not a Final Draft script with a clear text', () => {
    expect(() => fdxToFountain('<FinalDraft><Content>')).toThrow('This file is not a Final Draft screenplay: its XML could not be read. Export it again from Final Draft as .fdx.');
    expect(() => fdxToFountain('<html><body>hi</body></html>')).toThrow('This file is not a Final Draft screenplay');
    expect(() => fdxToFountain('<FinalDraft DocumentType="Script"><Content></Content></FinalDraft>')).toThrow(
      'This Final Draft file holds no screenplay: it has no script content (scene headings, action or dialogue).',
    );
  });
});

describe('screenwriter tools', () => {
  let app: FastifyInstance;
  let writer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await build();
    [writer, other] = await Promise.all([createUser(app, { role: 'writer' }), createUser(app, { role: 'writer' })]);
  }, 30_000);
  afterAll(async () => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) => app.inject({ method, url, headers: bearer(user), ...(payload && { payload }) });
  const create = async (body: string, title = 'Pages'): Promise<Draft> => (await call('POST', '/api/drafts', writer, { body, title })).json();
  const pdf = async (draftId: string, user = writer) => pdfText((await call('GET', `/api/drafts/${draftId}/pdf`, user)).rawPayload);

  it("counts pages in the editor (pageAt) exactly as the PDF prints them: 55 lines a page, title page apart", async () => {
    const counts: Record<string, [number, number, number]> = {};
    for (const [name, body] of Object.entries(SCRIPTS)) {
      const draft = await create(body);
      const printed = (await pdf(draft.id)).length - 1;
      counts[name] = [pageAt(body, body.length).pages, draft.pageEstimate, printed];
    }
    expect(counts).toEqual({
      short: [1, 1, 1],
      'exactly one page': [1, 1, 1],
      'one line over': [2, 2, 2],
      'long dialogue': [counts['long dialogue'][2], counts['long dialogue'][2], counts['long dialogue'][2]],
    });
    expect(counts['long dialogue'][2]).toBeGreaterThanOrEqual(5);
    // The speeches break across pages: a page ends on (MORE) and the next starts with the cue's CONT'D.
    const pages = await pdf((await create(SCRIPTS['long dialogue'])).id);
    expect(pages.some((page) => page.lines.at(-1)?.text === '(MORE)')).toBe(true);
    expect(pages.some((page) => page.lines.some((line) => line.text === "NORA (CONT'D)"))).toBe(true);
  });

  it('starts revision colours in the industry sequence and marks the changed lines in the PDF with the colour and date in the header', async () => {
    const base = 'INT. DECK - NIGHT\n\nRain.\n\nNORA\nOne way.\n\nTOM\nTickets.';
    const draft = await create(base, 'Colours');
    expect(draft.revisionColor).toEqual({ index: 0, name: 'White', startedAt: null });
    expect(draft.revisionBase).toBeNull();
    // White: no header, no marks.
    const white = await pdf(draft.id);
    expect(white[1].lines.map((l) => l.text)).toEqual(['INT. DECK - NIGHT', 'Rain.', 'NORA', 'One way.', 'TOM', 'Tickets.']);

    const blue = await call('POST', `/api/drafts/${draft.id}/revision-color`, writer);
    expect(blue.statusCode).toBe(200);
    const started: Draft = blue.json();
    expect(started.revisionColor).toMatchObject({ index: 1, name: 'Blue' });
    expect(started.revisionBase).toBe(base);
    expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json()).toMatchObject({ revisionColor: { index: 1, name: 'Blue' }, revisionBase: base });

    const changed = base.replace('One way.', 'The other way.').replace('Rain.', 'Rain.\n\nSnow too.');
    expect((await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 1, body: changed })).statusCode).toBe(200);
    const at = new Date(started.revisionColor.startedAt as string);
    const header = `Blue Revision (${at.getUTCMonth() + 1}/${at.getUTCDate()}/${at.getUTCFullYear()})`;
    const page = (await pdf(draft.id))[1].lines;
    expect(page.map((l) => l.text)).toEqual([header, 'INT. DECK - NIGHT', 'Rain.', 'Snow too. *', 'NORA', 'The other way. *', 'TOM', 'Tickets.']);
    expect(page[0].x).toBe(108);

    // Pink, then the rest of the sequence and the second round.
    const names = [];
    for (let i = 0; i < 9; i++) names.push(((await call('POST', `/api/drafts/${draft.id}/revision-color`, writer)).json() as Draft).revisionColor.name);
    expect(names).toEqual(['Pink', 'Yellow', 'Green', 'Goldenrod', 'Buff', 'Salmon', 'Cherry', 'Double White', 'Double Blue']);
    // A new set starts from the text as it is: nothing marked yet.
    expect((await pdf(draft.id))[1].lines.some((l) => l.text.endsWith('*'))).toBe(false);

    // Someone else's draft: not found, nothing changed.
    expect((await call('POST', `/api/drafts/${draft.id}/revision-color`, other)).json()).toEqual({ message: 'This draft was not found.' });
    expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json().revisionColor.name).toBe('Double Blue');
  });

  it('imports Fountain and Final Draft files as new drafts, and makes nothing of a bad file', async () => {
    const me = await createUser(app, { role: 'writer' });
    const count = async () => ((await call('GET', '/api/drafts', me)).json() as DraftList).items.length;
    const fdx = await call('POST', '/api/drafts/import', me, { fileName: 'rain.fdx', content: FDX });
    expect(fdx.statusCode).toBe(201);
    expect(fdx.json()).toMatchObject({ title: 'The Rain House', revision: 1, pageEstimate: 1 });
    expect(parseFountain(fdx.json().body).lines[0]).toMatchObject({ kind: 'scene', text: 'INT. HOUSE - DAY' });

    const fountain = await call('POST', '/api/drafts/import', me, { fileName: 'Night Ferry.fountain', content: '\uFEFFINT. DECK - NIGHT\r\n\r\nRain.\r\n' });
    expect(fountain.statusCode).toBe(201);
    expect(fountain.json()).toMatchObject({ title: 'Night Ferry', body: 'INT. DECK - NIGHT\n\nRain.\n' });
    expect(await count()).toBe(2);

    const bad: [string, string, string][] = [
      ['broken.fdx', '<FinalDraft><Content><Paragraph>', 'This file is not a Final Draft screenplay: its XML could not be read. Export it again from Final Draft as .fdx.'],
      ['empty.fdx', '<FinalDraft DocumentType="Script"><Content/></FinalDraft>', 'This Final Draft file holds no screenplay: it has no script content (scene headings, action or dialogue).'],
      ['notes.txt', 'Buy milk.\n\nCall home.', 'This file is not a screenplay in Fountain. Choose a .fountain file, or a .txt file in Fountain (most screenwriting apps export it).'],
      ['empty.fountain', '\n\n', 'This file holds no screenplay: no scene headings, action or dialogue found.'],
      ['script.pdf', '%PDF-1.4', 'Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.'],
      // A file of another kind is refused by its name, even when its text would read as a screenplay.
      ['script.docx', 'INT. DECK - NIGHT\n\nRain.', 'Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.'],
    ];
    for (const [fileName, content, message] of bad) {
      const res = await call('POST', '/api/drafts/import', me, { fileName, content });
      expect([fileName, res.statusCode, res.json()]).toEqual([fileName, 400, { message }]);
    }
    expect(await count()).toBe(2);
  });

  it('exports a draft as Final Draft XML that reads back as the same script', async () => {
    const body = 'Title: Ferry\n\nINT. DECK - NIGHT\n\nRain.\n\nNORA\n(quietly)\nOne way.\n\nCUT TO:';
    const draft = await create(body, 'Ferry');
    const res = await call('GET', `/api/drafts/${draft.id}/fdx`, writer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Ferry.fdx"');
    expect(res.body).toContain('<Paragraph Type="Scene Heading">');
    expect(parseFountain(fdxToFountain(res.body))).toEqual(parseFountain(body));
    expect((await call('GET', `/api/drafts/${draft.id}/fdx`, other)).statusCode).toBe(404);
  });
});
