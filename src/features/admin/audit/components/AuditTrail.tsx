import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { AUDIT_PAGE_SIZE, auditPeopleQuery, auditTrailQuery, type AuditRow } from '../api.ts';
import { entryChanges, entryTitle, RECORD_KINDS, type AuditNames } from '../describe.ts';
import type { AuditSearch } from '../search.ts';

const kindOptions = Object.entries(RECORD_KINDS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

function who(entry: AuditRow, names: AuditNames): string {
  if (entry.actor_id) return names[entry.actor_id] ?? 'a former team member';
  return entry.actor_kind === 'anon' ? 'a visitor' : 'the system';
}

/** One change: what, who and when, each field from what to what, and the reason given. */
function AuditEntryCard({ entry, names }: { entry: AuditRow; names: AuditNames }) {
  const changes = entryChanges(entry, names);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="audit-entry">
      <Text fw={600} size="sm">
        {entryTitle(entry, names)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatOfficeDateTime(entry.occurred_at)} · by {who(entry, names)}
      </Text>
      {changes.length > 0 && (
        <Stack gap={2} mt={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {changes.map((change) => (
            <Text key={change} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
              {change}
            </Text>
          ))}
        </Stack>
      )}
      {entry.reason && (
        <Text size="sm" mt={6} fs="italic">
          Reason: “{entry.reason}”
        </Text>
      )}
    </Card>
  );
}

/** /admin/audit: every change kept in the audit log, newest first, in words; by person, kind and days. */
export function AuditTrail({ search, onSearchChange }: { search: AuditSearch; onSearchChange: (next: Partial<AuditSearch>) => void }) {
  const [limit, setLimit] = useState(AUDIT_PAGE_SIZE);
  const trail = useQuery(auditTrailQuery(search, limit));
  const people = useQuery(auditPeopleQuery());
  const change = (next: Partial<AuditSearch>) => {
    setLimit(AUDIT_PAGE_SIZE);
    onSearchChange(next);
  };
  return (
    <Stack gap="md">
      <PageHeader title="Audit trail" description="Every change made to the company’s records: who made it, when, and each field from what to what." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" role="search" aria-label="Filter the audit trail">
        <Select label="Person" placeholder="Anyone" data={people.data ?? []} value={search.person ?? null} onChange={(person) => change({ person: person ?? undefined })} clearable searchable />
        <Select label="Kind of record" placeholder="Any" data={kindOptions} value={search.kind ?? null} onChange={(kind) => change({ kind: kind ?? undefined })} clearable searchable />
        <TextInput label="From" type="date" value={search.from ?? ''} max={search.to} onChange={(event) => change({ from: event.currentTarget.value || undefined })} />
        <TextInput label="To" type="date" value={search.to ?? ''} min={search.from} onChange={(event) => change({ to: event.currentTarget.value || undefined })} />
      </SimpleGrid>
      {trail.isPending && <Loader aria-label="Loading the audit trail" />}
      {trail.error && (
        <Alert color="red" role="alert">
          The audit trail could not be loaded: {trail.error.message}
        </Alert>
      )}
      {trail.data && trail.data.entries.length === 0 && (
        <Text c="dimmed" size="sm">
          No change matches these filters.
        </Text>
      )}
      {trail.data && trail.data.entries.length > 0 && (
        <Stack gap="xs" data-testid="audit-trail">
          {trail.data.entries.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} names={trail.data.names} />
          ))}
          {trail.data.more && (
            <Group justify="center">
              <Button variant="default" onClick={() => setLimit((current) => current + AUDIT_PAGE_SIZE)} loading={trail.isFetching}>
                Show older changes
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
