/**
 * How big a Postgres regular expression grows when it is compiled. Postgres copies a bounded
 * repetition's atom once per count, so `(a{1,50}){1,50}` compiles 2,500 copies of `a`, and
 * `((a{1,50}){1,50}){1,50}z` 125,000: PostgreSQL refuses that as too complex, but the embedded
 * database (PGlite) overflows its stack on it and is left wedged. So the size is worked out here,
 * from the pattern's text, before the pattern is sent.
 *
 * Each atom counts 1 (a bracket expression one per member), a group the sum of what it holds (across
 * its alternatives), and a quantified atom or group its count times its upper bound (`{m,}` as m + 1,
 * `+` as 2: Postgres writes x+ as xx*).
 */
export interface RegexCost {
  /** Atoms once every bounded repetition is written out. */
  size: number;
  /** Groups inside groups. */
  depth: number;
  /** The largest count of a repetition ({m,n}). */
  largestCount: number;
}

/** The members of a bracket expression starting at `start` ('['), and where it ends. */
function bracket(pattern: string, start: number): { members: number; end: number } {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  // A ']' first is a member, not the end.
  let members = 0;
  if (pattern[i] === ']') {
    members++;
    i++;
  }
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '[' && (pattern[i + 1] === ':' || pattern[i + 1] === '.' || pattern[i + 1] === '=')) {
      const close = pattern.indexOf(`${pattern[i + 1]}]`, i + 2);
      i = close < 0 ? pattern.length : close + 2;
    } else if (pattern[i] === '\\') i += 2;
    else i++;
    // A range (a-z) is one member.
    if (pattern[i] === '-' && i + 1 < pattern.length && pattern[i + 1] !== ']') i += pattern[i + 1] === '\\' ? 3 : 2;
    members++;
  }
  return { members: Math.max(1, members), end: Math.min(i, pattern.length - 1) };
}

/** A quantifier at `i`, if any: its factor, its largest count and where it ends. */
function quantifier(pattern: string, i: number): { factor: number; count: number; end: number } | null {
  const ch = pattern[i];
  const lazy = (end: number) => (pattern[end + 1] === '?' ? end + 1 : end);
  if (ch === '*' || ch === '?') return { factor: 1, count: 0, end: lazy(i) };
  if (ch === '+') return { factor: 2, count: 0, end: lazy(i) };
  if (ch !== '{') return null;
  const match = /^\{(\d{1,9})(,(\d{0,9}))?\}/.exec(pattern.slice(i, i + 24));
  if (!match) return null;
  const low = Number(match[1]);
  const high = match[2] === undefined ? low : match[3] === '' ? low + 1 : Number(match[3]);
  const count = Math.max(low, match[3] ? Number(match[3]) : low);
  return { factor: Math.max(1, high), count, end: lazy(i + match[0].length - 1) };
}

export function regexCost(pattern: string): RegexCost {
  // `***=` makes the rest a literal string; `***:` and leading (?flags) change nothing here.
  if (pattern.startsWith('***=')) return { size: pattern.length - 4, depth: 0, largestCount: 0 };
  let i = pattern.startsWith('***:') ? 4 : 0;
  const flags = /^\(\?[a-z]+\)/.exec(pattern.slice(i));
  if (flags) i += flags[0].length;

  // One running total per open group; the last atom's size, for a quantifier after it.
  const totals: number[] = [0];
  let last = 0;
  let depth = 0;
  let deepest = 0;
  let largestCount = 0;
  const quantify = (at: number) => {
    const q = quantifier(pattern, at);
    if (!q) return at - 1;
    largestCount = Math.max(largestCount, q.count);
    totals[totals.length - 1] += last * (q.factor - 1);
    last *= q.factor;
    return q.end;
  };
  for (; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '(') {
      // (?: (?= (?! (?<= (?<! open groups too.
      const prefix = /^\(\?(?::|=|!|<=|<!)/.exec(pattern.slice(i, i + 4));
      if (prefix) i += prefix[0].length - 1;
      totals.push(0);
      depth++;
      deepest = Math.max(deepest, depth);
      continue;
    }
    if (ch === ')' && totals.length > 1) {
      last = totals.pop()!;
      depth--;
      totals[totals.length - 1] += last;
      i = quantify(i + 1);
      continue;
    }
    if (ch === '|') continue;
    if (ch === '[') {
      const { members, end } = bracket(pattern, i);
      last = members;
      i = end;
    } else {
      if (ch === '\\') i++;
      last = 1;
    }
    totals[totals.length - 1] += last;
    i = quantify(i + 1);
  }
  return { size: totals.reduce((sum, total) => sum + total, 0), depth: deepest, largestCount };
}
