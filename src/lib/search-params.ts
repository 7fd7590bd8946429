/**
 * Values read from the address: the search params of a screen and the path params of a route.
 *
 * A check takes what the router read from the address and gives back the value the screen uses, or
 * undefined when it is absent or wrong. In a search a wrong value is dropped rather than refused, so
 * an old or edited link still opens the screen; a wrong path param is the screen's not-found state
 * (route-params.ts). These checks are small functions rather than Zod schemas: every route's
 * definition (its validateSearch and params) is in the entry chunk that every public page
 * downloads, and Zod's core cost about 10 KB gzip of it. Zod checks forms and API bodies, which load
 * with the screens that have them.
 */
export type AddressValue<T> = (raw: unknown) => T | undefined;

/** What a set of search checks gives the screen: each key present only when its value was valid. */
export type AddressSearch<Shape extends Record<string, AddressValue<unknown>>> = {
  [Key in keyof Shape]?: Exclude<ReturnType<Shape[Key]>, undefined>;
};

/** Text of at most max characters, trimmed first when asked, matching pattern when given. */
export function text(options: { max: number; pattern?: RegExp; trim?: boolean }): AddressValue<string> {
  return (raw) => {
    if (typeof raw !== 'string') return undefined;
    const value = options.trim ? raw.trim() : raw;
    return value.length <= options.max && (options.pattern === undefined || options.pattern.test(value)) ? value : undefined;
  };
}

/** One of the listed values, exactly (the router reads `size=50` as the number 50). */
export function oneOf<const Values extends readonly (string | number)[]>(values: Values): AddressValue<Values[number]> {
  return (raw) => values.find((value) => value === raw);
}

/** A flag that is on when the address says 1. */
export const flag = oneOf([1]);

/** A whole number from min to max; digits in a string count too (a hand-written link). */
export function wholeNumber(min: number, max: number): AddressValue<number> {
  return (raw) => {
    const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
    return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
  };
}

/** A list of at most max values, each of them valid; an empty list is as good as none. */
export function listOf<T>(item: AddressValue<T>, max: number): AddressValue<T[]> {
  return (raw) => {
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > max) return undefined;
    const values = raw.map(item);
    return values.every((value) => value !== undefined) ? (values as T[]) : undefined;
  };
}

/** The first of the checks that accepts the value. */
export function either<A, B>(first: AddressValue<A>, second: AddressValue<B>): AddressValue<A | B> {
  return (raw) => first(raw) ?? second(raw);
}

/** A record's id: every table's key is a uuid, in the form PostgreSQL reads one. */
export const uuid = text({ max: 36, pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i });

/** A day as addresses and the database write it: 2026-11-28. */
export const isoDay = text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/ });

/** A screen's validateSearch: the valid values of the address, with no keys for the others, so the address stays short. */
export function searchParams<Shape extends Record<string, AddressValue<unknown>>>(shape: Shape): (search: Record<string, unknown>) => AddressSearch<Shape> {
  return (search) => {
    const checked: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const value = check(search[key]);
      if (value !== undefined) checked[key] = value;
    }
    return checked as AddressSearch<Shape>;
  };
}
