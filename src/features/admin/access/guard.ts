/**
 * What a back-office route's beforeLoad asks. Kept free of imports: route options ride in the app's
 * first script, and the rest of the back office must not (tests/e2e/admin.spec.ts).
 */

/** A 403-marked error: the admin error screen shows Access Denied for it. */
export function accessDenied(message = 'Your account cannot open this part of the back office.'): Error & { status: 403 } {
  return Object.assign(new Error(message), { status: 403 as const });
}

/** Refuses the screen (Access Denied) to a staff member whose role lacks the permission. */
export function requirePermission(access: { permissions: readonly string[] }, permission: string): void {
  if (!access.permissions.includes(permission)) throw accessDenied();
}

/** Refuses the screen to a staff member whose role has none of the permissions. */
export function requireAnyPermission(access: { permissions: readonly string[] }, permissions: readonly string[]): void {
  if (!permissions.some((permission) => access.permissions.includes(permission))) throw accessDenied();
}
