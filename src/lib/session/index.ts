/**
 * The signed-in user on the client. Stable names other features use:
 * useSession(), signOut(), requireSession(), refreshIfNeeded(), useSessionExpiredHandler(), logActivity().
 */
export { appSession, getSessionState, refreshIfNeeded, requireSession, sessionUnauthorized, signOut, useSession } from './current.ts';
export type { RefreshOutcome, SessionProfile, SessionState, SessionStatus, SessionUser } from './store.ts';
export { bindSessionNavigation, isPublicPath, isSessionExpiredError, loginHref, SESSION_EXPIRED_MESSAGE, useSessionExpiredHandler } from './expired.ts';
export { activityLog, logActivity, type ActivityEntry } from './activity.ts';
