/**
 * The kinds of failure an error report names: the browser classifies each error as one
 * (src/lib/error-reporting/classify.ts) and the server accepts no other (server/api/reports.ts).
 */
export const ERROR_TYPES = [
  'Network',
  'Chunk Loading',
  'Authentication',
  'Database',
  'React',
  'Runtime',
  'Syntax',
  'Memory',
  'Permission',
  'API',
  'Unknown',
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];
