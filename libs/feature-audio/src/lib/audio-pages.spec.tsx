import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import type { Sound, SoundList } from '@vox/contract/audio';
import { createFakeServer, json, pageTitle, renderRoutes } from '@vox/testing';
import { AudioEditPage } from './audio-edit-page/audio-edit-page';
import { AudioLibraryPage } from './audio-library-page/audio-library-page';
import { AudioUploadPage } from './audio-upload-page/audio-upload-page';
import { FreesoundPage } from './freesound-page/freesound-page';
import { foldPeaks } from './shared/mini-waveform';

const pages = { '/audio': <AudioLibraryPage />, '/audio/create/:type': <AudioUploadPage />, '/audio/edit/:audioId': <AudioEditPage />, '/freesound-poc': <FreesoundPage /> };
const premium: User = { id: 'u1', handle: null, name: 'Pia', photo: null, role: { name: 'premium', privileges: ['draft', 'audio_library', 'read_free_script'] }, classes: [] };

const sound = (id: string, extra: Partial<Sound> = {}): Sound => ({
  id,
  mine: true,
  ownerName: 'Pia',
  title: `Sound ${id}`,
  type: 'bgm',
  tags: [],
  licence: 'all-rights-reserved',
  attribution: '',
  isPublic: false,
  contentType: 'audio/mpeg',
  byteSize: 120_000,
  durationMs: 65_000,
  sampleRate: 44100,
  channels: 2,
  trimStartMs: 0,
  trimEndMs: null,
  fadeInMs: 0,
  fadeOutMs: 0,
  peaksState: 'ready',
  fileUrl: `/api/sound-files/${'a'.repeat(64)}`,
  sourceUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const usage = { usedBytes: 120 * 1024 * 1024, quotaBytes: 500 * 1024 * 1024, maxFileBytes: 50 * 1024 * 1024 };
const list = (items: Sound[]): SoundList => ({ items, usage });
const peaks = { state: 'ready' as const, durationMs: 65_000, peaks: Array.from({ length: 800 }, (_, i) => (i % 10) / 10) };

beforeEach(() => authStore.setSession({ token: 't', user: premium }));
afterEach(() => authStore.clear());

describe('/audio', () => {
  it('lists my sounds by type with tabs, storage against the quota, duration and a waveform', async () => {
    const server = createFakeServer();
    server.on('sounds', ({ query }) => json(200, list(query?.type === 'sfx' ? [sound('s2', { type: 'sfx', title: 'Door slam', tags: ['door'] })] : [sound('s1', { title: 'Night garden', isPublic: true })])));
    server.on('soundPeaks', () => json(200, peaks));
    renderRoutes(pages, { route: '/audio' });
    expect(pageTitle()).toHaveTextContent('Audio library');
    const rows = await screen.findAllByTestId('sound-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByRole('link', { name: 'Night garden' })).toHaveAttribute('href', '/audio/edit/s1');
    expect(within(rows[0]).getByText('1:05')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Public')).toBeInTheDocument();
    expect(screen.getByText('Storage: 120 MB of 500 MB used')).toBeInTheDocument();
    expect(await within(rows[0]).findByTestId('mini-waveform')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Upload music beds' })).toHaveAttribute('href', '/audio/create/bgm');

    fireEvent.click(screen.getByRole('tab', { name: 'Effects' }));
    expect(await screen.findByRole('link', { name: 'Door slam' })).toBeInTheDocument();
    expect(screen.getByText('#door')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload sound effects' })).toHaveAttribute('href', '/audio/create/sfx');
    expect(server.requests).toContain('GET /api/sounds?type=sfx&sort=newest');
  });

  it('searches by title or tag and sorts', async () => {
    const server = createFakeServer();
    server.on('sounds', ({ query }) => json(200, list(query?.q === 'zzz' ? [] : [sound('s1')])));
    server.on('soundPeaks', () => json(200, peaks));
    renderRoutes(pages, { route: '/audio' });
    await screen.findAllByTestId('sound-row');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'duration' } });
    await waitFor(() => expect(server.requests).toContain('GET /api/sounds?type=bgm&sort=duration'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by title or tag' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No sound matches this search.')).toBeInTheDocument();
  });

  it('says the library is empty per type', async () => {
    createFakeServer().on('sounds', () => json(200, list([])));
    renderRoutes(pages, { route: '/audio?type=voice' });
    expect(await screen.findByText('No voices yet.')).toBeInTheDocument();
  });
});

describe('/audio/create/{type}', () => {
  it.each([
    ['bgm', 'Upload background music'],
    ['sfx', 'Upload a sound effect'],
    ['voice', 'Upload a voice recording'],
  ])('names the upload of type %s and shows the size limit before upload', async (type, name) => {
    createFakeServer().on('sounds', () => json(200, list([])));
    renderRoutes(pages, { route: `/audio/create/${type}` });
    expect(pageTitle()).toHaveTextContent(name);
    expect(await screen.findByText('Up to 50 MB per file: WAV, MP3, Ogg/Opus, WebM, M4A/AAC or FLAC.')).toBeInTheDocument();
  });

  it('answers an unknown type with the not-found page', () => {
    renderRoutes(pages, { route: '/audio/create/other' });
    expect(pageTitle()).toHaveTextContent('Page not found');
  });

  it('refuses a file over the limit before sending it', async () => {
    const server = createFakeServer();
    server.on('sounds', () => json(200, { items: [], usage: { ...usage, maxFileBytes: 1024 } }));
    renderRoutes(pages, { route: '/audio/create/sfx' });
    await screen.findByText('Up to 1 KB per file: WAV, MP3, Ogg/Opus, WebM, M4A/AAC or FLAC.');
    const big = new File([new Uint8Array(4096)], 'thunder.wav', { type: 'audio/wav' });
    fireEvent.change(screen.getByLabelText('Audio files to upload'), { target: { files: [big] } });
    expect(await screen.findByText('This file is larger than 1 KB, the largest sound you can upload.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });
});

describe('/audio/edit/{audioId}', () => {
  it('saves title, type, tags, licence, trim and fades', async () => {
    const server = createFakeServer();
    server.on('sound', () => json(200, sound('s1', { title: 'Rain' })));
    server.on('soundPeaks', () => json(200, peaks));
    server.on('updateSound', ({ body }) => json(200, sound('s1', { ...(body as Partial<Sound>), updatedAt: '2026-11-21T10:00:00.000Z' })));
    renderRoutes(pages, { route: '/audio/edit/s1' });
    expect(pageTitle()).toHaveTextContent('Edit sound');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Soft rain' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'sfx' } });
    fireEvent.change(screen.getByLabelText(/^Tags/), { target: { value: 'Rain, night' } });
    fireEvent.change(screen.getByLabelText('Licence'), { target: { value: 'cc-by' } });
    fireEvent.change(screen.getByLabelText(/^Attribution/), { target: { value: 'Recorded by Pia' } });
    fireEvent.change(screen.getByLabelText('Trim start'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByLabelText('Trim end'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Fade in'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.name === 'updateSound')).toBe(true));
    expect(server.calls.find((c) => c.name === 'updateSound')?.body).toEqual({
      title: 'Soft rain',
      type: 'sfx',
      tags: ['Rain', 'night'],
      licence: 'cc-by',
      attribution: 'Recorded by Pia',
      isPublic: false,
      trimStartMs: 1500,
      trimEndMs: 30000,
      fadeInMs: 2000,
      fadeOutMs: 0,
    });
  });

  it('shows the server’s refusal', async () => {
    const server = createFakeServer();
    server.on('sound', () => json(200, sound('s1')));
    server.on('soundPeaks', () => json(200, peaks));
    server.on('updateSound', () => json(400, { message: 'The trim end must come after the trim start.' }));
    renderRoutes(pages, { route: '/audio/edit/s1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The trim end must come after the trim start.')).toBeInTheDocument();
  });

  it('asks before deleting a sound used as a cue, says where, and deletes when confirmed', async () => {
    const server = createFakeServer();
    server.on('sound', () => json(200, sound('s1', { type: 'sfx' })));
    server.on('soundPeaks', () => json(200, peaks));
    server.on('sounds', () => json(200, list([])));
    server.on('deleteSound', ({ query }) =>
      query?.confirm === 'true'
        ? json(204)
        : json(409, { message: 'This sound is used as a cue on one script line. Deleting it removes that cue too.', uses: [{ scriptId: 'sc1', scriptTitle: 'The Night Ferry', lineId: 'l1', lineText: 'One way.' }] }),
    );
    renderRoutes(pages, { route: '/audio/edit/s1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this sound' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this sound?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This sound is used as a cue on one script line. Deleting it removes that cue too.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'The Night Ferry' })).toHaveAttribute('href', '/script/sc1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete it and its cues' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/audio'));
    expect(server.requests.filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /api/sounds/s1', 'DELETE /api/sounds/s1?confirm=true']);
  });

  it('says when the sound is not found', async () => {
    createFakeServer().on('sound', () => json(404, { message: 'This sound was not found.' }));
    renderRoutes(pages, { route: '/audio/edit/nope' });
    expect(await screen.findByText('This sound was not found.')).toBeInTheDocument();
  });
});

describe('/freesound-poc', () => {
  it('searches, says where results come from, and adds a sound with its licence', async () => {
    const server = createFakeServer();
    server.on('freesoundSearch', ({ query }) =>
      json(200, {
        source: 'freesound',
        items: query?.q
          ? [
              { id: '1234', title: 'Heavy rain', author: 'fieldrecordist', durationMs: 61_000, tags: ['rain'], previewUrl: 'https://cdn.freesound.org/p.mp3', licence: 'cc-by', licenceName: 'CC BY 4.0', attribution: 'x', sourceUrl: null },
              { id: '99', title: 'Rain NC', author: 'someone', durationMs: 3_000, tags: [], previewUrl: 'https://cdn.freesound.org/q.mp3', licence: null, licenceName: 'CC BY-NC 4.0', attribution: 'y', sourceUrl: null },
            ]
          : [],
      }),
    );
    server.on('freesoundImport', () => json(201, sound('new1', { title: 'Heavy rain', licence: 'cc-by' })));
    renderRoutes(pages, { route: '/freesound-poc' });
    expect(pageTitle()).toHaveTextContent('Find sounds');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search sounds' }), { target: { value: 'rain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const hits = await screen.findAllByTestId('search-hit');
    expect(screen.getByText('Results from Freesound')).toBeInTheDocument();
    expect(within(hits[1]).getByText('This licence does not allow copying.')).toBeInTheDocument();
    fireEvent.click(within(hits[0]).getByRole('button', { name: 'Add to my library' }));
    expect(await within(hits[0]).findByRole('status')).toHaveTextContent('Added to your library.');
    expect(server.calls.find((c) => c.name === 'freesoundImport')?.body).toEqual({ source: 'freesound', id: '1234' });
  });
});

describe('foldPeaks', () => {
  it('keeps the loudest of each share', () => {
    expect(foldPeaks([0.1, 0.5, 0.2, 0.9, 0.3, 0.4], 3)).toEqual([0.5, 0.9, 0.4]);
    expect(foldPeaks([0.2, 0.7], 4)).toEqual([0.2, 0.2, 0.7, 0.7]);
    expect(foldPeaks([], 4)).toEqual([]);
  });
});
