import type { Context } from 'hono';

/**
 * Request bodies, read with their limits enforced while reading: a declared Content-Length over the
 * limit is refused before a byte is read, and a chunked body is read only up to the limit, never
 * held whole. JSON is refused when it nests deeper than maxJsonDepth, before it is parsed (deep
 * nesting costs the parser, and Postgres's jsonb, a stack frame per level).
 */
export const maxJsonDepth = 32;

export class BodyError extends Error {
  constructor(
    readonly reason: 'too_large' | 'too_deep' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function tooLarge(limit: number): BodyError {
  return new BodyError('too_large', `The request body is too large: at most ${sizeText(limit)} is taken`);
}

/** The raw body, at most `limit` bytes. */
export async function readBodyBytes(c: Context, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text (UTF-8), at most `limit` bytes. */
export async function readBodyText(c: Context, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(c, limit));
}

/** How deeply arrays and objects nest in a JSON text, counted without parsing it; stops past `stopAt`. */
export function jsonDepth(text: string, stopAt = maxJsonDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return deepest;
}

/** Parses JSON no deeper than maxJsonDepth; anything else is a BodyError. */
export function parseJson(text: string): unknown {
  if (jsonDepth(text) > maxJsonDepth) {
    throw new BodyError('too_deep', `The JSON body nests more than ${maxJsonDepth} levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError('invalid', 'The body is not valid JSON');
  }
}
