import { Accordion, Alert, Button, FileInput, Group, List, Loader, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { useLeaveGuard } from '@/components/admin/UnsavedChangesGuard.tsx';
import { Section } from '@/components/admin/Section.tsx';
import { notify } from '@/lib/notify.ts';
import { catalogueFacts, catalogueKeys, importTours } from '../api.ts';
import { CSV_COLUMNS, guessMapping, parseCsv, planFromCsv, planFromJson, REQUIRED_COLUMNS, type CsvColumn, type ImportPlan, type ParsedCsv } from '../transfer.ts';

/** The largest file taken: a catalogue of a few hundred tours with their departures fits well within it. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Loaded = { kind: 'json'; name: string; source: string } | { kind: 'csv'; name: string; csv: ParsedCsv };

function ColumnMapping({ csv, mapping, onChange }: { csv: ParsedCsv; mapping: Partial<Record<CsvColumn, string>>; onChange: (next: Partial<Record<CsvColumn, string>>) => void }) {
  const matched = CSV_COLUMNS.filter((column) => mapping[column]).length;
  return (
    <Accordion variant="contained" defaultValue={REQUIRED_COLUMNS.some((column) => !mapping[column]) ? 'columns' : null}>
      <Accordion.Item value="columns">
        <Accordion.Control>
          Columns: {matched} of {CSV_COLUMNS.length} matched by name, from the file’s {csv.headers.length}
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="sm">
            For each column of the import, the file’s column that holds it. “record” and “tour” are needed; the rest may stay empty.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
            {CSV_COLUMNS.map((column) => (
              <Select
                key={column}
                size="xs"
                label={column}
                withAsterisk={REQUIRED_COLUMNS.includes(column)}
                placeholder="Not in the file"
                clearable
                data={csv.headers}
                value={mapping[column] ?? null}
                onChange={(header) => onChange({ ...mapping, [column]: header ?? undefined })}
              />
            ))}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function Preview({ plan }: { plan: ImportPlan }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Tours in the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tour</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Days</Table.Th>
            <Table.Th ta="right">Departures</Table.Th>
            <Table.Th ta="right">Seasons</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.tours.map((tour) => (
            <Table.Tr key={tour.slug}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {tour.title || '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  /tours/{tour.slug}
                </Text>
              </Table.Td>
              <Table.Td>{tour.status}</Table.Td>
              <Table.Td ta="right">{tour.itinerary.length}</Table.Td>
              <Table.Td ta="right">{tour.departures.length}</Table.Td>
              <Table.Td ta="right">{tour.seasons.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /admin/tours/import: tours with their days, departures and prices from a CSV or JSON file in the
 * export's format. Every row's problems show before anything is written; the import then adds
 * every tour or none.
 */
export function ImportTours() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const facts = useQuery({ queryKey: [...catalogueKeys.all, 'facts'], queryFn: catalogueFacts });
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<CsvColumn, string>>>({});
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // A file read (and its columns matched) but not imported yet: leaving asks first.
  const imported = useRef(false);
  useLeaveGuard(() => loaded !== null && !imported.current);

  const plan = useMemo(() => {
    if (!loaded || !facts.data) return null;
    return loaded.kind === 'json' ? planFromJson(loaded.source, facts.data) : planFromCsv(loaded.csv, mapping, facts.data);
  }, [loaded, mapping, facts.data]);

  const run = useMutation({
    mutationFn: () => importTours(plan!.tours),
    onSuccess: async (count) => {
      imported.current = true;
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success(`${count} ${count === 1 ? 'tour' : 'tours'} imported`);
      await navigate({ to: '/admin/tours' });
    },
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setLoaded(null);
    setFileProblem(null);
    run.reset();
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFileProblem('The file is over 5 MB: import the catalogue in parts');
      return;
    }
    const source = await chosen.text();
    const looksJson = /\.json$/i.test(chosen.name) || /^\s*[[{]/.test(source);
    if (looksJson) {
      setLoaded({ kind: 'json', name: chosen.name, source });
      return;
    }
    if (!/\.csv$/i.test(chosen.name) && !chosen.type.includes('csv')) {
      setFileProblem('Choose a CSV or JSON file, as the export makes');
      return;
    }
    const csv = parseCsv(source);
    setMapping(guessMapping(csv.headers));
    setLoaded({ kind: 'csv', name: chosen.name, csv });
  };

  const problems = plan?.problems ?? [];
  return (
    <Stack gap="md" maw={1100}>
      <BackLink to="/admin/tours">Tours</BackLink>
      <PageHeader title="Import tours" description="From a CSV or JSON file in the export’s format: tours with their days, departures, seasons, group discounts and extras. Nothing is written until the whole file is right." />
      <Section title="The file">
        <FileInput
          label="CSV or JSON file"
          placeholder="Choose a file"
          accept=".csv,.json,text/csv,application/json"
          clearable
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={fileProblem}
          leftSection={<IconFileImport size={16} />}
          maw={480}
        />
        {loaded?.kind === 'csv' && (
          <Stack mt="md">
            <ColumnMapping csv={loaded.csv} mapping={mapping} onChange={setMapping} />
          </Stack>
        )}
      </Section>
      {loaded && !plan && <Loader aria-label="Reading the catalogue" />}
      {facts.error && <Alert color="red">{facts.error.message}</Alert>}
      {plan && (
        <Section title="Before anything is written" description={`${plan.tours.length} ${plan.tours.length === 1 ? 'tour' : 'tours'} in ${loaded?.name}.`}>
          <Stack gap="md">
            {problems.length > 0 ? (
              <Alert color="red" title={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}: nothing is imported until ${problems.length === 1 ? 'it is' : 'they are'} fixed`} data-testid="import-problems">
                <List size="sm" spacing={2}>
                  {problems.slice(0, 200).map((problem, index) => (
                    <List.Item key={`${problem.where}-${index}`}>
                      <Text span fw={600} size="sm">
                        {problem.where}:
                      </Text>{' '}
                      {problem.message}
                    </List.Item>
                  ))}
                </List>
                {problems.length > 200 && (
                  <Text size="sm" mt="xs">
                    And {problems.length - 200} more.
                  </Text>
                )}
              </Alert>
            ) : (
              <Alert color="teal" data-testid="import-ready">
                Every row is right: the import adds {plan.tours.length} {plan.tours.length === 1 ? 'tour' : 'tours'}, as drafts unless the file says otherwise.
              </Alert>
            )}
            {plan.tours.length > 0 && <Preview plan={plan} />}
            {run.error && (
              <Alert color="red" role="alert" title="Nothing was imported">
                {run.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button disabled={problems.length > 0 || plan.tours.length === 0} loading={run.isPending} onClick={() => run.mutate()}>
                Import {plan.tours.length} {plan.tours.length === 1 ? 'tour' : 'tours'}
              </Button>
            </Group>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
