import { describe, expect, it } from 'vitest';
import { canRetry, emailKindLabel, emailLogArguments, isEmailStatus, kindsFor, notificationHref, timeAgo } from '../../src/features/admin/notifications/model.ts';
import { NOTIFICATION_KINDS, validateNotificationsSearch } from '../../src/features/admin/notifications/search.ts';

describe('the kinds a staff member can be told of', () => {
  it('follows the permissions each kind asks for', () => {
    expect(kindsFor(['backoffice.open', 'bookings.read', 'messages.read', 'enquiries.read'])).toEqual([
      'booking_made',
      'payment_received',
      'refund_due',
      'hold_expiring',
      'traveler_message',
      'enquiry_received',
    ]);
    expect(kindsFor(['backoffice.open', 'bookings.read', 'messages.read', 'enquiries.read', 'emails.read', 'team.manage', 'operations.read'])).toEqual([...NOTIFICATION_KINDS]);
    // An editor or a guide is told of nothing.
    expect(kindsFor(['backoffice.open', 'catalogue.write'])).toEqual([]);
  });
});

describe('where a notification opens', () => {
  it('opens a back-office page, and nothing outside it', () => {
    expect(notificationHref('/admin/messages?thread=abc')).toBe('/admin/messages?thread=abc');
    expect(notificationHref('/admin/bookings/1')).toBe('/admin/bookings/1');
    expect(notificationHref('/admin')).toBe('/admin');
    expect(notificationHref('https://evil.example/admin')).toBe('/admin/notifications');
    expect(notificationHref('//evil.example')).toBe('/admin/notifications');
    expect(notificationHref('/administrator')).toBe('/admin/notifications');
  });
});

describe('time ago', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const date = (iso: string) => `on ${iso.slice(0, 10)}`;
  it('says minutes, hours, yesterday and days, then the date', () => {
    expect(timeAgo('2026-11-26T11:59:40Z', now, date)).toBe('just now');
    expect(timeAgo('2026-11-26T11:55:00Z', now, date)).toBe('5 min ago');
    expect(timeAgo('2026-11-26T09:00:00Z', now, date)).toBe('3 h ago');
    expect(timeAgo('2026-11-25T10:00:00Z', now, date)).toBe('yesterday');
    expect(timeAgo('2026-11-22T12:00:00Z', now, date)).toBe('4 days ago');
    expect(timeAgo('2026-11-10T12:00:00Z', now, date)).toBe('on 2026-11-10');
  });
});

describe('the email log', () => {
  it('names kinds in words and retries failed emails only', () => {
    expect(emailKindLabel('booking_confirmed')).toBe('Booking confirmed');
    expect(emailKindLabel('password_recovery')).toBe('Password recovery');
    expect(canRetry({ status: 'failed' })).toBe(true);
    expect(canRetry({ status: 'sent' })).toBe(false);
    expect(canRetry({ status: 'pending' })).toBe(false);
    expect(isEmailStatus('failed')).toBe(true);
    expect(isEmailStatus('bounced')).toBe(false);
  });

  it('keeps valid filters in the address, drops wrong ones, and pages email_log', () => {
    expect(validateNotificationsSearch({ tab: 'emails', status: 'failed', type: 'booking_confirmed', to: ' jonas ', page: 3 })).toEqual({
      tab: 'emails',
      status: 'failed',
      type: 'booking_confirmed',
      to: ' jonas ',
      page: 3,
    });
    expect(validateNotificationsSearch({ tab: 'secrets', status: 'lost', type: "x'; drop", kind: 'nope', unread: 2, page: 0 })).toEqual({});
    expect(validateNotificationsSearch({ unread: 1, kind: 'traveler_message' })).toEqual({ unread: 1, kind: 'traveler_message' });
    expect(emailLogArguments({ status: 'failed', to: ' jonas ', page: 3 })).toEqual({ p_status: 'failed', p_kind: null, p_query: 'jonas', p_limit: 25, p_offset: 50 });
    expect(emailLogArguments({ to: '   ' })).toMatchObject({ p_query: null, p_offset: 0 });
  });
});
