-- How long one statement of an API request may run, per role, as on a hosted Supabase project:
-- visitors 3 seconds, signed-in users 8. The server applies each role's settings to every request's
-- transaction, as PostgREST does (server/http/request-role.ts), and PostgreSQL cancels a statement
-- that runs longer. The embedded database (PGlite) ignores statement_timeout; there the server
-- refuses a request whose shape or planned cost could run long before it starts (server/rest/limits.ts).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
