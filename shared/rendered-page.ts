/** A page as the server renders it (src/entry-server.tsx): the HTML of #root, and the ids of the routes rendered in it. */
export interface RenderedPage {
  html: string;
  routeIds: string[];
}
