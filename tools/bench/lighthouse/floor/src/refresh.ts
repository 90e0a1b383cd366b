/** The start-up refresh: the early script's, else a new one. Settles when it has ended (any answer). */
export function refreshEnded(): Promise<unknown> {
  const w = window as { __floorRefresh?: Promise<Response> };
  const started = w.__floorRefresh ?? fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
  w.__floorRefresh = undefined;
  return started.then(
    (r) => r.status,
    () => 0,
  );
}
