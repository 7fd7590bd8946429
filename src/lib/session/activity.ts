import type { Json } from '../database.types.ts';
import { defineWrite } from '../outbox/registry.ts';
import { queueWrite } from '../outbox/outbox.ts';
import { checked } from '../outbox/errors.ts';

export interface ActivityEntry {
  action: string;
  resourceType?: string;
  resourceId?: string;
  details?: { [key: string]: Json | undefined };
}

/**
 * One line of the signed-in user's activity log, through log_user_activity (the only way to write
 * it). The outbox entry's id goes as p_client_id, so a resend logs once. Background: never shown in
 * the pending list, dropped rather than failed.
 */
export const activityLog = defineWrite<ActivityEntry>({
  kind: 'activity.log',
  queue: 'activity',
  requiresUser: true,
  silent: true,
  maxQueued: 200,
  describe: ({ action }) => `Record '${action}' in your activity`,
  async send(client, { id, payload }) {
    await checked(
      client.rpc('log_user_activity', {
        p_action: payload.action,
        p_resource_type: payload.resourceType ?? null,
        p_resource_id: payload.resourceId ?? null,
        p_details: payload.details ?? {},
        p_client_id: id,
      }),
    );
  },
});

/** Logs an action of the signed-in user (sign_in, booking views, profile and settings changes). */
export function logActivity(entry: ActivityEntry): Promise<string> {
  return queueWrite(activityLog, entry);
}
