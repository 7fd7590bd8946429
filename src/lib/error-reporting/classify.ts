// What kind of failure an error is, one of shared/error-types.ts. Pure: the same error always gets the
// same type, so reports group well in the back office and screens can choose their advice from it.
import type { ErrorType } from '@shared/error-types.ts';
import { errorFacts } from './facts.ts';

const chunkMessages =
  /loading (css )?chunk [\w-]+ failed|failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|failed to load module script/i;
const networkMessages =
  /failed to fetch|networkerror when attempting|network request failed|network error|^load failed$|net::err_|err_internet_disconnected|err_network|the internet connection appears to be offline|fetch failed|request timed out/i;
const authMessages =
  /jwt expired|invalid jwt|jwt could not be decoded|not authenticated|session expired|no active session|auth session missing|invalid login credentials|refresh token|authentication required/i;
const authNames = /^Auth\w*Error$/;
const permissionMessages = /permission denied|row-level security|not allowed|forbidden|access denied|unauthori[sz]ed/i;
const databaseMessages =
  /duplicate key value|violates (foreign key|unique|check|not-null) constraint|relation "[^"]+" does not exist|column "[^"]+" does not exist|syntax error at or near|could not find the table|schema cache|deadlock detected|database/i;
const memoryMessages = /out of memory|maximum call stack size exceeded|too much recursion|invalid array length|allocation failed|array buffer allocation/i;
const syntaxMessages = /unexpected token|unexpected end of (json )?input|is not valid json|unterminated string|invalid or unexpected token/i;
const reactMessages =
  /minified react error|rendered (more|fewer) hooks|invalid hook call|hydration|objects are not valid as a react child|maximum update depth exceeded|element type is invalid|too many re-renders/i;
const runtimeNames = new Set(['TypeError', 'ReferenceError', 'RangeError', 'EvalError', 'URIError', 'AggregateError']);

/**
 * The category of an error. The order matters: the cause a user can act on wins (a failed chunk
 * download is Chunk Loading, not Network; an RLS refusal is Permission, not Database), and React is
 * only chosen when nothing more precise is known about an error thrown while rendering.
 */
export function classifyError(error: unknown, hints: { componentStack?: string | null } = {}): ErrorType {
  const { name, message, code, status } = errorFacts(error);

  if (name === 'ChunkLoadError' || chunkMessages.test(message)) return 'Chunk Loading';
  if (name === 'NetworkError' || name === 'TimeoutError' || networkMessages.test(message)) return 'Network';
  if (code === 'PGRST301' || code === 'PGRST302' || status === 401 || authNames.test(name) || authMessages.test(message)) {
    return 'Authentication';
  }
  if (code === '42501' || status === 403 || name === 'NotAllowedError' || name === 'SecurityError' || permissionMessages.test(message)) {
    return 'Permission';
  }
  if (name === 'PostgrestError' || (code !== undefined && /^(PGRST\d+|[0-9A-Z]{5})$/.test(code)) || databaseMessages.test(message)) {
    return 'Database';
  }
  if (status !== undefined && status >= 400) return 'API';
  if (memoryMessages.test(message)) return 'Memory';
  if (name === 'SyntaxError' || syntaxMessages.test(message)) return 'Syntax';
  if (reactMessages.test(message) || hints.componentStack) return 'React';
  if (runtimeNames.has(name)) return 'Runtime';
  return 'Unknown';
}
