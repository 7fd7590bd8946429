/**
 * The data the server sends inside a page's HTML (`<script id="page-data">`), so a public page shows
 * its content without waiting for an API round trip. Each entry is exactly what the page's own
 * PostgREST read returns (same select string), keyed like 'tour:<slug>', 'tours:featured',
 * 'destinations:all', 'branding:active'; null when the row does not exist.
 */
export interface PageDataDocument {
  /** When the server read the data (ms since epoch): the age a query seeded from it starts with. */
  updatedAt: number;
  entries: Record<string, unknown>;
}
