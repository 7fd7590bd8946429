/**
 * Where each kind of outbox write is defined, loaded on demand: the engine loads a kind it finds
 * waiting (from any page, or from an earlier visit) so it can send it and replay it over a refresh,
 * without the features' code joining the first scripts of every page. A new kind gets its line here
 * (tests/unit/outbox-kinds.test.ts checks that none is missing).
 */
const writeKinds: Record<string, () => Promise<unknown>> = {
  'activity.log': () => import('@/lib/session/activity.ts'),
  'analytics.event': () => import('@/lib/analytics.ts'),
  'booking.request': () => import('@/features/booking/writes.ts'),
  'booking.travelerDetails': () => import('@/features/portal/writes.ts'),
  'enquiry.send': () => import('@/features/contact/writes.ts'),
  'field.checkIn': () => import('@/features/admin/operations/field-writes.ts'),
  'field.incident': () => import('@/features/admin/operations/field-writes.ts'),
  'field.payment': () => import('@/features/admin/operations/field-writes.ts'),
  'messages.read': () => import('@/lib/messages/writes.ts'),
  'messages.send': () => import('@/lib/messages/writes.ts'),
  'newsletter.subscribe': () => import('@/features/newsletter/writes.ts'),
  'preferences.update': () => import('@/lib/outbox/preferences.ts'),
  'profile.update': () => import('@/lib/outbox/profile.ts'),
  'wishlist.add': () => import('@/lib/outbox/wishlist.ts'),
  'wishlist.remove': () => import('@/lib/outbox/wishlist.ts'),
};

/** The kinds this version of the app knows. */
export const knownWriteKinds = Object.keys(writeKinds);

/** Loads the module that defines `kind`; a kind of an older version of the app loads nothing. */
export async function loadWriteKind(kind: string): Promise<void> {
  await writeKinds[kind]?.();
}
