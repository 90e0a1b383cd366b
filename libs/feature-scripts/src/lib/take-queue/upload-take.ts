import { api } from '@vox/api-client';
import { scriptEndpoints } from '@vox/contract/scripts';
import type { TakeUploader } from './take-queue';

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
};

/**
 * POST /api/sessions/{id}/takes as the contract orders it: the text fields lineId, clientId,
 * durationMs first, then the file field "audio". 201 is a new take, 200 one that had already
 * arrived under this clientId: both confirm it.
 */
export const uploadTake: TakeUploader = (take, onProgress, signal) => {
  const form = new FormData();
  form.append('lineId', take.lineId);
  form.append('clientId', take.clientId);
  if (take.durationMs !== null) form.append('durationMs', String(Math.round(take.durationMs)));
  form.append('audio', take.audio, `take-${take.clientId}.${EXTENSIONS[take.contentType] ?? 'webm'}`);
  return api.call(scriptEndpoints.uploadTake, {
    params: { sessionId: take.sessionId },
    body: form,
    signal,
    onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
  });
};
