/** One line of a stack trace, as Chromium ("at fn (file:1:2)") or Firefox/Safari ("fn@file:1:2") print it. */
export interface StackFrame {
  function: string | null;
  file: string;
  line: number | null;
  column: number | null;
}

const MAX_FRAMES = 30;
const chromium = /^\s*at (?:(.+?) \()?(.+?)(?::(\d+))?(?::(\d+))?\)?\s*$/;
const gecko = /^\s*(.*?)@(.+?)(?::(\d+))?(?::(\d+))?\s*$/;

function toNumber(value: string | undefined): number | null {
  return value === undefined ? null : Number(value);
}

/** The frames of a stack trace, innermost first; lines that are not frames (the message) are skipped. */
export function parseStackFrames(stack: string | null | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = /^\s*at /.test(line) ? chromium.exec(line) : line.includes('@') ? gecko.exec(line) : null;
    if (!match) continue;
    frames.push({ function: match[1]?.trim() || null, file: match[2], line: toNumber(match[3]), column: toNumber(match[4]) });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}
