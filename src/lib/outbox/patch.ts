/**
 * Field-level patches for last-writer-wins records (preferences, profile): a patch carries only the
 * fields the user changed, nested objects merge key by key, anything else replaces the old value.
 * The server's merge_user_preferences does the same.
 */
export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function mergePatch(base: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isJsonObject(value) && isJsonObject(current) ? mergePatch(current, value) : value;
  }
  return merged;
}

/** The values a patch overwrites, in the patch's shape (undefined where the field was absent). */
export function previousValues(base: JsonObject, patch: JsonObject): JsonObject {
  const previous: JsonObject = {};
  for (const [key, value] of Object.entries(patch)) {
    const current = base[key];
    previous[key] = isJsonObject(value) && isJsonObject(current) ? previousValues(current, value) : current;
  }
  return previous;
}

/**
 * Undoes a patch: each field goes back to its previous value, unless a later write has changed it
 * since (that write is newer and wins).
 */
export function revertPatch(current: JsonObject, patch: JsonObject, previous: JsonObject): JsonObject {
  const reverted: JsonObject = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const now = reverted[key];
    const before = previous[key];
    if (isJsonObject(value) && isJsonObject(now)) {
      reverted[key] = revertPatch(now, value, isJsonObject(before) ? before : {});
    } else if (sameJson(now, value)) {
      if (before === undefined) delete reverted[key];
      else reverted[key] = before;
    }
  }
  return reverted;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
