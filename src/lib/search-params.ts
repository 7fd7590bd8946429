import { z } from '@shared/zod.ts';

/** A value in an address that is wrong is dropped rather than refused: an old or edited link still opens the screen. */
export const optionalInAddress = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A day as addresses and the database write it: 2026-11-28. */
export const isoDay = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The address's values without keys for those left out: the address stays short. */
export function withoutAbsent<T extends object>(parsed: T): T {
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as T;
}
