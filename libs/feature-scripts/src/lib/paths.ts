/** Where a reading session lives; both redirecting routes end here. */
export const sessionHref = (sessionId: string): string => `/session/${encodeURIComponent(sessionId)}`;
