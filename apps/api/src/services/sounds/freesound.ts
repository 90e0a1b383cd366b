import { Readable } from 'node:stream';
import { SOUND_MESSAGES, type FreesoundHit, type SoundLicence } from '@vox/contract/schemas';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../domain-errors';
import type { SoundsConfig } from '../../sounds-config';

/**
 * Freesound's API v2 (https://freesound.org/docs/api/), server-side only: the key goes in the
 * `Authorization: Token <key>` header of our own requests and never into an answer. Text search
 * (`/search/text/`) and one sound (`/sounds/<id>/`); what we copy is the sound's HQ MP3 preview,
 * which token authentication may fetch (the original file needs OAuth2 and a Freesound login).
 * Licences map onto ours: CC0 and CC BY; anything else (BY-NC, Sampling+) is listed but cannot
 * be added. FREESOUND_API_BASE points the client at a local stand-in in tests.
 */

const FIELDS = 'id,name,username,duration,tags,license,previews,url';
const TIMEOUT_MS = 10_000;

interface FreesoundSound {
  id: number;
  name: string;
  username: string;
  duration: number;
  tags?: string[];
  license: string;
  previews?: Record<string, string>;
  url?: string;
}

interface FreesoundSoundHit extends FreesoundHit {
  downloadUrl: string;
}

/** CC0 and CC BY licence URLs (any version) -> our licence; others null. */
function mapLicence(url: string): SoundLicence | null {
  if (/creativecommons\.org\/publicdomain\/zero\//i.test(url) || /^creative commons 0$/i.test(url)) return 'cc0';
  if (/creativecommons\.org\/licenses\/by\/\d/i.test(url) || /^attribution$/i.test(url)) return 'cc-by';
  return null;
}

function licenceName(url: string): string {
  const cc = /creativecommons\.org\/(?:licenses|publicdomain)\/([a-z-+]+)\/([\d.]+)/i.exec(url);
  if (!cc) return url;
  return cc[1] === 'zero' ? `CC0 ${cc[2]}` : `CC ${cc[1].toUpperCase()} ${cc[2]}`;
}

function toHit(sound: FreesoundSound): FreesoundSoundHit {
  const preview = sound.previews?.['preview-hq-mp3'] ?? sound.previews?.['preview-lq-mp3'] ?? '';
  const licence = mapLicence(sound.license);
  return {
    id: String(sound.id),
    title: sound.name,
    author: sound.username,
    durationMs: Math.round((sound.duration || 0) * 1000),
    tags: (sound.tags ?? []).slice(0, 20),
    previewUrl: preview,
    licence,
    licenceName: licenceName(sound.license),
    attribution: `“${sound.name}” by ${sound.username} (Freesound), ${licenceName(sound.license)}${sound.url ? `: ${sound.url}` : ''}`,
    sourceUrl: sound.url ?? null,
    downloadUrl: preview,
  };
}

export function createFreesoundClient(settings: Pick<SoundsConfig, 'freesoundApiKey' | 'freesoundApiBase' | 'maxFileBytes'>) {
  const key = settings.freesoundApiKey;
  if (!key) return undefined;
  const base = settings.freesoundApiBase;

  async function call(pathAndQuery: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${base}${pathAndQuery}`, { headers: { Authorization: `Token ${key}`, Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new ServiceUnavailableError(SOUND_MESSAGES.freesoundUnavailable);
    }
    if (res.status === 404) throw new NotFoundError(SOUND_MESSAGES.freesoundNotFound);
    if (!res.ok) throw new ServiceUnavailableError(SOUND_MESSAGES.freesoundUnavailable);
    return res.json();
  }

  return {
    async search(q: string): Promise<FreesoundHit[]> {
      const body = (await call(`/search/text/?query=${encodeURIComponent(q)}&fields=${FIELDS}&page_size=20`)) as { results?: FreesoundSound[] };
      return (body.results ?? []).map((s) => {
        const { downloadUrl: _, ...hit } = toHit(s);
        return hit;
      });
    },
    async sound(id: string): Promise<FreesoundSoundHit> {
      if (!/^\d+$/.test(id)) throw new NotFoundError(SOUND_MESSAGES.freesoundNotFound);
      const hit = toHit((await call(`/sounds/${id}/?fields=${FIELDS}`)) as FreesoundSound);
      if (!hit.downloadUrl) throw new BadRequestError(SOUND_MESSAGES.freesoundNotFound);
      return hit;
    },
    /** The preview's bytes as a stream (size-capped by the upload checks that read it). */
    async download(url: string): Promise<Readable> {
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      } catch {
        throw new ServiceUnavailableError(SOUND_MESSAGES.freesoundUnavailable);
      }
      if (!res.ok || !res.body) throw new ServiceUnavailableError(SOUND_MESSAGES.freesoundUnavailable);
      return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
    },
  };
}
