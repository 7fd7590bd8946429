const key = 'kilele.admin.safe-mode';

/**
 * Safe Mode (SPEC: the admin error screen's button): the back office with its optional parts off,
 * opened by /admin?safe=1 and left by /admin?safe=0. Kept for the tab's session, so moving between
 * screens keeps it.
 */
export function safeModeFrom(search: { safe?: 0 | 1 }): boolean {
  try {
    if (String(search.safe) === '1') sessionStorage.setItem(key, '1');
    if (String(search.safe) === '0') sessionStorage.removeItem(key);
    return sessionStorage.getItem(key) === '1';
  } catch {
    // Storage refused (some private modes): Safe Mode lasts for this address only.
    return String(search.safe) === '1';
  }
}
