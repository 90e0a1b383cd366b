import { DEFAULT_SOUND_QUOTAS_MB, FALLBACK_SOUND_QUOTA_MB, SOUND_LIMITS } from '@vox/contract/schemas';

/** The audio library's settings. */
export interface SoundsConfig {
  /** Storage per role in bytes (SOUND_QUOTAS_MB="premium=500,staff=2048"); the largest of a member's roles counts. */
  quotaBytes: Record<string, number>;
  /** For a role holding audio_library that is not listed. */
  fallbackQuotaBytes: number;
  /** Largest file (SOUND_MAX_FILE_MB, default 50). */
  maxFileBytes: number;
  /** FREESOUND_API_KEY: search Freesound; unset, the search covers the public library. Never sent to a browser. */
  freesoundApiKey: string | undefined;
  /** FREESOUND_API_BASE (default https://freesound.org/apiv2): tests point it at a local stand-in. */
  freesoundApiBase: string;
}

const MB = 1024 * 1024;

export function loadSoundsConfig(env: NodeJS.ProcessEnv, problems: string[]): SoundsConfig {
  const quotaBytes = Object.fromEntries(Object.entries(DEFAULT_SOUND_QUOTAS_MB).map(([role, mb]) => [role, mb * MB]));
  for (const entry of (env.SOUND_QUOTAS_MB ?? '').split(',').filter((e) => e.trim())) {
    const [role, mb] = entry.split('=').map((part) => part.trim());
    if (!role || !(Number(mb) >= 0)) problems.push(`SOUND_QUOTAS_MB must be role=MB pairs separated by commas, got "${entry}"`);
    else quotaBytes[role] = Math.round(Number(mb) * MB);
  }
  const maxFileMb = Number(env.SOUND_MAX_FILE_MB ?? SOUND_LIMITS.maxFileBytes / MB);
  if (!(maxFileMb > 0 && maxFileMb <= 1024)) problems.push(`SOUND_MAX_FILE_MB must be between 0 and 1024, got "${env.SOUND_MAX_FILE_MB}"`);
  const base = (env.FREESOUND_API_BASE || 'https://freesound.org/apiv2').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) problems.push('FREESOUND_API_BASE must start with http:// or https://');
  return {
    quotaBytes,
    fallbackQuotaBytes: FALLBACK_SOUND_QUOTA_MB * MB,
    maxFileBytes: Math.round(maxFileMb * MB),
    freesoundApiKey: env.FREESOUND_API_KEY || undefined,
    freesoundApiBase: base,
  };
}
