/**
 * 'The session has expired and could not be refreshed', told by the request wrapper (fetch.ts, made
 * before any React exists) to whoever decides where the user goes next (expired.ts).
 */
const listeners = new Set<() => void>();

export function onSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionExpired(): void {
  for (const listener of [...listeners]) listener();
}
