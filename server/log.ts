import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

/**
 * The server's one logger: JSON lines with an ISO time and the level in words, on stdout or on the
 * destination given (the test server's capture). Stdout is written synchronously, so the lines keep
 * their order with main.ts's own and none is lost when the process exits. Requests log through a
 * child carrying their request id (server/platform/http/request-log.ts).
 */
export function createLogger(level: LogLevel, destination: DestinationStream = pino.destination({ dest: 1, sync: true })): Logger {
  return pino({ level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } }, destination);
}
