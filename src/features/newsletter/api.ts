import { supabase } from '@/lib/supabase.ts';

export type SubscribeResult = 'subscribed' | 'already-subscribed';

/** Adds an address to the newsletter; an address already on the list is not an error to the visitor. */
export async function subscribeToNewsletter(email: string, name?: string): Promise<SubscribeResult> {
  const { error } = await supabase()
    .from('newsletter_subscribers')
    .insert({ email: email.trim(), name: name?.trim() || null, source: 'footer' });
  if (!error) return 'subscribed';
  if (error.code === '23505') return 'already-subscribed';
  throw error;
}

export function isPlausibleEmail(value: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value.trim()) && value.trim().length <= 254;
}
