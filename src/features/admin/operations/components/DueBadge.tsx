import { Badge } from '@mantine/core';
import { formatOfficeDate } from '@/lib/dates.ts';
import { DUE_COLORS, dueness, dueWords } from '../model.ts';

/** A licence's, an insurance's or a service's date, coloured by how due it is, its words in the title. */
export function DueBadge({ date, today, verbs, prefix }: { date: string; today: string; verbs: { past: string; future: string }; prefix?: string }) {
  const due = dueness(date, today);
  return (
    <Badge variant="light" color={DUE_COLORS[due.state]} style={{ textTransform: 'none', minWidth: 'max-content' }} title={dueWords(date, today, verbs)}>
      {prefix ? `${prefix} ` : ''}
      {due.state === 'fine' ? formatOfficeDate(date) : dueWords(date, today, verbs)}
    </Badge>
  );
}
