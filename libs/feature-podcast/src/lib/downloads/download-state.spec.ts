import type { Episode, SharedEpisode } from '@vox/contract';
import { audioPathOf, entryOf, isQuotaError, keptRead, megabytes, storageLine, totalBytes } from './download-state';

const episode = (over: Partial<Episode> = {}): Episode => ({
  id: 'ep1',
  channelId: 'ch1',
  channelTitle: 'Night Shift Radio',
  channelCover: null,
  title: 'Pilot',
  notes: '',
  season: null,
  episode: null,
  durationMs: 90_000,
  audioUrl: '/api/podcast/audio/abc.mp3',
  contentType: 'audio/mpeg',
  byteSize: 720_000,
  status: 'published',
  publishAt: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  chapters: [{ startTime: 0, title: 'Cold open' }],
  hasTranscript: false,
  favorite: true,
  positionMs: 30_000,
  ...over,
});

const read = (over: Partial<Episode> = {}): SharedEpisode => ({ episode: episode(over), channel: {} as SharedEpisode['channel'], startSeconds: 12, isOwner: true, transcript: null });

describe('downloads', () => {
  it('sums the sizes the cache holds and shows them in megabytes', () => {
    expect(totalBytes([])).toBe(0);
    expect(totalBytes([{ bytes: 720_000 }, { bytes: 1_530_000 }])).toBe(2_250_000);
    expect(megabytes(0)).toBe('0 MB');
    expect(megabytes(2_250_000)).toBe('2.3 MB');
    expect(megabytes(12_000)).toBe('0.1 MB');
    expect(megabytes(1_000_000_000)).toBe('1000.0 MB');
    expect(storageLine([{ bytes: 720_000 }])).toBe('1 episode downloaded, using 0.7 MB on this device');
    expect(storageLine([{ bytes: 720_000 }, { bytes: 1_530_000 }])).toBe('2 episodes downloaded, using 2.3 MB on this device');
  });

  it("keeps a public episode's read without the member's favourite, position or ownership", () => {
    const kept = keptRead(read());
    expect(kept.isOwner).toBe(false);
    expect(kept.startSeconds).toBeNull();
    expect(kept.episode).toEqual(episode({ favorite: false, positionMs: null }));
  });

  it("keeps a draft's read whole, marked private (it goes at sign-out)", () => {
    const draft = read({ status: 'draft', audioUrl: '/api/podcast/audio/abc.mp3?exp=1&sig=x' });
    expect(keptRead(draft)).toBe(draft);
    expect(entryOf(draft, 720_000, new Date('2026-02-03T04:05:06.000Z'))).toEqual({
      id: 'ep1',
      title: 'Pilot',
      channelTitle: 'Night Shift Radio',
      audioPath: '/api/podcast/audio/abc.mp3',
      reads: ['/api/podcast/share/ep1'],
      bytes: 720_000,
      private: true,
      savedAt: '2026-02-03T04:05:06.000Z',
    });
    expect(entryOf(read(), 1, new Date(0)).private).toBe(false);
  });

  it('stores audio by its path, without the signature', () => {
    expect(audioPathOf('https://podcast.example/api/podcast/audio/abc.mp3?exp=1&sig=x')).toBe('/api/podcast/audio/abc.mp3');
  });

  it('tells a full storage from other failures', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
