import type { PendingTake } from './pending-take';

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

/**
 * A take's upload as the contract orders it for a table read's take and an audition's alike:
 * the text fields lineId, clientId, durationMs first, then the file field "audio".
 */
export function takeUploadForm(take: Pick<PendingTake, 'lineId' | 'clientId' | 'durationMs' | 'audio' | 'contentType'>): FormData {
  const form = new FormData();
  form.append('lineId', take.lineId);
  form.append('clientId', take.clientId);
  if (take.durationMs !== null) form.append('durationMs', String(Math.round(take.durationMs)));
  form.append('audio', take.audio, `take-${take.clientId}.${EXTENSIONS[take.contentType] ?? 'webm'}`);
  return form;
}
