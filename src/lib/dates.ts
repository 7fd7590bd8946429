// In UTC, so the server-rendered page and the browser that hydrates it print the same date. Built
// at first use: the page's first Intl object loads the browser's locale data, which would otherwise
// lengthen the evaluation of the app's entry.
let longDate: Intl.DateTimeFormat | undefined;

/** '3 March 2026': a post's date, a page's last change. */
export function formatLongDate(iso: string): string {
  longDate ??= new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longDate.format(new Date(iso));
}
