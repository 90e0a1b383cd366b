/**
 * Hands a downloaded file to the browser's "save" (an object URL on an `<a download>`): the
 * rendered read and single takes come from routes that need the Bearer token, which a plain
 * link cannot send.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

/** A take's file name: the script, the line's number and role, and the take's number. */
export function takeFileName(scriptTitle: string, lineNumber: number, role: string | null, takeNumber: number, contentType: string): string {
  const base = [scriptTitle, `line ${lineNumber}`, role, `take ${takeNumber}`]
    .filter(Boolean)
    .join(' - ')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base}.${EXTENSIONS[contentType.split(';')[0]] ?? 'audio'}`;
}
