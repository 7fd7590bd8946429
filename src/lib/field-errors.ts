/**
 * The form field a database refusal belongs to: the database names the column in its hint (see the
 * check triggers of the migrations); columns maps each field of the form to its column. 'form' when
 * the refusal names no field of this form.
 */
export function fieldOfHint<K extends string>(hint: string | null | undefined, columns: Record<K, string>): K | 'form' {
  return (Object.keys(columns) as K[]).find((field) => columns[field] === hint) ?? 'form';
}
