// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The audio library's calls. Web: @vox/contract/audio.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const audioEndpoints = named({
  sounds: { method: 'GET', path: '/api/sounds', auth: 'audio_library' },
  /** multipart: fields type, title (optional), then the file "audio". */
  uploadSound: { method: 'POST', path: '/api/sounds', auth: 'audio_library', multipart: true },
  sound: { method: 'GET', path: '/api/sounds/:soundId', auth: 'audio_library' },
  updateSound: { method: 'PATCH', path: '/api/sounds/:soundId', auth: 'audio_library' },
  replaceSoundFile: { method: 'PUT', path: '/api/sounds/:soundId/file', auth: 'audio_library', multipart: true },
  /** 409 with the lines that use it as a cue, unless `confirm=true`. */
  deleteSound: { method: 'DELETE', path: '/api/sounds/:soundId', auth: 'audio_library' },
  soundPeaks: { method: 'GET', path: '/api/sounds/:soundId/peaks', auth: 'audio_library' },
  /** The bytes, by an unguessable id (SHA-256): an <audio src> sends no Bearer token. */
  soundFile: { method: 'GET', path: '/api/sound-files/:fileId', auth: 'public', binary: true },
  freesoundSearch: { method: 'GET', path: '/api/freesound/search', auth: 'audio_library' },
  freesoundImport: { method: 'POST', path: '/api/freesound/import', auth: 'audio_library' },
});
