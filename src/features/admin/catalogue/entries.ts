/**
 * Destinations, experiences and activities: what the catalogue studio edits of each, as data. One
 * editor and one list serve the three (components/EntryEditor.tsx, EntryList.tsx); the database
 * refuses the same things in words (20261127002700_catalogue_entries.sql).
 */

export type EntryKind = 'destination' | 'experience' | 'activity';
export type EntryTable = 'destinations' | 'experiences' | 'activities';

export interface FieldSpec {
  column: string;
  label: string;
  kind: 'text' | 'textarea' | 'lines' | 'number' | 'switch' | 'image';
  required?: boolean;
  description?: string;
  max?: number;
  range?: [number, number];
  placeholder?: string;
}

export interface EntrySpec {
  kind: EntryKind;
  table: EntryTable;
  /** The column holding its name: title for experiences, name for the others. */
  nameColumn: 'name' | 'title';
  plural: string;
  /** Where visitors see it, when they do. */
  publicPath: ((slug: string) => string) | null;
  /** The join table tying it to tours. */
  tourLink: 'tour_destinations' | 'tour_experiences' | 'tour_activities';
  fields: FieldSpec[];
}

const seo: FieldSpec[] = [
  { column: 'meta_title', label: 'SEO title', kind: 'text', max: 120, description: 'Instead of the name in search results' },
  { column: 'meta_description', label: 'SEO description', kind: 'textarea', max: 300, description: 'Search engines show about 160 characters' },
];

export const ENTRY_SPECS: Record<EntryKind, EntrySpec> = {
  destination: {
    kind: 'destination',
    table: 'destinations',
    nameColumn: 'name',
    plural: 'destinations',
    publicPath: (slug) => `/destinations/${slug}`,
    tourLink: 'tour_destinations',
    fields: [
      { column: 'name', label: 'Name', kind: 'text', required: true, max: 120, placeholder: 'Ruaha National Park' },
      { column: 'country', label: 'Country', kind: 'text', required: true, max: 60 },
      { column: 'region', label: 'Region', kind: 'text', max: 80, placeholder: 'Southern Circuit' },
      { column: 'summary', label: 'Summary', kind: 'textarea', max: 400, description: 'One or two sentences, on cards' },
      { column: 'description', label: 'Description', kind: 'textarea', max: 10000 },
      { column: 'image_url', label: 'Picture', kind: 'image' },
      { column: 'highlights', label: 'Highlights', kind: 'lines', description: 'One per line' },
      { column: 'wildlife', label: 'Wildlife', kind: 'lines', description: 'One per line' },
      { column: 'best_time_to_visit', label: 'Best time to visit', kind: 'text', max: 200 },
      { column: 'latitude', label: 'Latitude', kind: 'number', range: [-90, 90] },
      { column: 'longitude', label: 'Longitude', kind: 'number', range: [-180, 180] },
      { column: 'is_published', label: 'On the site', kind: 'switch' },
      ...seo,
    ],
  },
  experience: {
    kind: 'experience',
    table: 'experiences',
    nameColumn: 'title',
    plural: 'experiences',
    publicPath: (slug) => `/experiences/${slug}`,
    tourLink: 'tour_experiences',
    fields: [
      { column: 'title', label: 'Title', kind: 'text', required: true, max: 120, placeholder: 'Walking safaris' },
      { column: 'summary', label: 'Summary', kind: 'textarea', max: 400 },
      { column: 'description', label: 'Description', kind: 'textarea', max: 10000 },
      { column: 'image_url', label: 'Picture', kind: 'image' },
      { column: 'highlights', label: 'Highlights', kind: 'lines', description: 'One per line' },
      { column: 'duration_label', label: 'How long', kind: 'text', max: 60, placeholder: 'Half a day' },
      { column: 'price_from', label: 'Price from', kind: 'number', range: [0, 1_000_000] },
      { column: 'is_published', label: 'On the site', kind: 'switch' },
      ...seo,
    ],
  },
  activity: {
    kind: 'activity',
    table: 'activities',
    nameColumn: 'name',
    plural: 'activities',
    publicPath: null,
    tourLink: 'tour_activities',
    fields: [
      { column: 'name', label: 'Name', kind: 'text', required: true, max: 120, placeholder: 'Game drive' },
      { column: 'description', label: 'Description', kind: 'textarea', max: 2000 },
      { column: 'icon', label: 'Icon', kind: 'text', max: 60, description: 'The name of a Tabler icon, as the site shows them', placeholder: 'binoculars' },
    ],
  },
};

export type EntryDraft = Record<string, string | number | boolean>;
type Row = Record<string, unknown>;

/** The form's values for a row (or a new entry): text as text, lists one per line, empty numbers ''. */
export function entryDraftOf(spec: EntrySpec, row: Row | null): EntryDraft {
  const draft: EntryDraft = { slug: typeof row?.slug === 'string' ? row.slug : '' };
  for (const field of spec.fields) {
    const value = row?.[field.column];
    if (field.kind === 'switch') draft[field.column] = typeof value === 'boolean' ? value : true;
    else if (field.kind === 'lines') draft[field.column] = Array.isArray(value) ? value.join('\n') : '';
    else if (field.kind === 'number') draft[field.column] = value === null || value === undefined ? '' : Number(value);
    else draft[field.column] = typeof value === 'string' ? value : field.column === 'country' ? 'Tanzania' : '';
  }
  return draft;
}

export function entryProblems(spec: EntrySpec, draft: EntryDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of spec.fields) {
    const value = draft[field.column];
    if (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'image') {
      const text = String(value ?? '').trim();
      if (field.required && !text) problems[field.column] = `Give the ${spec.kind} ${field.label.toLowerCase() === 'name' || field.label.toLowerCase() === 'title' ? 'a name' : `its ${field.label.toLowerCase()}`}, up to ${field.max} characters`;
      else if (field.max && text.length > field.max) problems[field.column] = `Up to ${field.max} characters`;
    }
    if (field.kind === 'number' && value !== '') {
      const number = Number(value);
      if (!Number.isFinite(number)) problems[field.column] = 'A number';
      else if (field.range && (number < field.range[0] || number > field.range[1])) problems[field.column] = field.range[0] === 0 ? 'It cannot be below zero' : `From ${field.range[0]} to ${field.range[1]}`;
    }
  }
  const slug = String(draft.slug ?? '').trim();
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 80) problems.slug = 'The address is lowercase letters, digits and single dashes, up to 80 characters';
  return problems;
}

/** The row to save: text trimmed (empty: nothing), lists split by line, numbers as numbers. */
export function entryRowOf(spec: EntrySpec, draft: EntryDraft): Row {
  const row: Row = { slug: String(draft.slug).trim() };
  for (const field of spec.fields) {
    const value = draft[field.column];
    if (field.kind === 'switch') row[field.column] = Boolean(value);
    else if (field.kind === 'lines')
      row[field.column] = String(value ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    else if (field.kind === 'number') row[field.column] = value === '' ? null : Number(value);
    else row[field.column] = String(value ?? '').trim() || (field.required ? '' : null);
  }
  return row;
}
