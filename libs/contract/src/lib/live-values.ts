/**
 * Live table reads: the texts and timings both the API and the reader use. Types and
 * schemas are in ./live.ts; the channel itself is described in docs/live.md.
 */

export const LIVE_MESSAGES = {
  /** A reader who joined through a link that was revoked since: the live channel refuses them. */
  linkRevoked: 'The link you joined with was revoked, so this read is no longer live for you.',
  /** A stream closed for a newer one of the same member: they have too many open (the server's cap). */
  tooManyOfMine: 'This read is live in too many of your tabs, so it stopped here. Reload the read to follow it live again.',
  /** A stream closed for a newer reader's: the read has too many open (the server's cap). */
  tooManyReaders: 'Too many readers follow this read live, so it stopped here. Reload the read to follow it live again.',
  /** PUT .../live/presence for a connection that is not (or no longer) the caller's. */
  unknownConnection: 'This live connection has ended. Reload the read to reconnect.',
} as const;

/** The sentences of the owner's messages and of the live notices in the reader. */
export const liveTexts = {
  joined: (name: string, scriptTitle: string, role: string | null) =>
    `${name} joined your read of ${scriptTitle || 'an untitled script'}${role ? ` as ${role}` : ''}`,
  recorded: (name: string, scriptTitle: string, lines: number) =>
    `${name} recorded ${lines === 1 ? '1 line' : `${lines} lines`} in ${scriptTitle || 'an untitled script'}`,
};


export const LIVE_TIMING = {
  /** The server writes a comment this often (keeps proxies from closing an idle stream) and refreshes presence. */
  heartbeatMs: 15_000,
  /** A presence not refreshed for this long is gone (a crashed instance, a lost network). */
  presenceTtlMs: 45_000,
  /** The server ends a stream after this long; the reader reconnects at once with a fresh token. */
  maxStreamMs: 5 * 60_000,
  /** Takes recorded within this long of the previous one by the same person join that person's message. */
  burstMs: 15 * 60_000,
  /** Reconnect back-off: first wait, factor and ceiling. */
  retryFirstMs: 500,
  retryMaxMs: 30_000,
} as const;
