/**
 * A new take's id: 16 random bytes as base64url (22 characters, within TAKE_CLIENT_ID_PATTERN).
 * Made before the first upload, so every retry of the same recording carries the same id and
 * the server stores it exactly once.
 */
export function newClientId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
