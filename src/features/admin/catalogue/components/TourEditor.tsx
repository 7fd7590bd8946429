import { Alert, Button, Group, List, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconCopy, IconExternalLink, IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { officeToday } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { catalogueKeys, duplicateTour, filesWithoutAltQuery, saveTour, tourEditorQuery, tourPreviewQuery, type TourWithParts } from '../api.ts';
import { tourCheck, type TourProblem } from '../model.ts';
import type { EditorTab } from '../search.ts';
import { ItineraryEditor } from './ItineraryEditor.tsx';
import { TourDepartures } from './TourDepartures.tsx';
import { TourDetailsForm } from './TourDetailsForm.tsx';
import { TourPricing } from './TourPricing.tsx';
import { TourStatusBadge } from './ToursList.tsx';

/** A tour's problems, each linked to the tab and field that fix it. */
export function ProblemList({ tourId, problems }: { tourId: string; problems: TourProblem[] }) {
  return (
    <List size="sm" spacing={2}>
      {problems.map((problem) => (
        <List.Item key={`${problem.kind}-${problem.field}-${problem.message}`}>
          <AnchorLink to="/admin/tours/$tourId" params={{ tourId }} search={{ tab: problem.tab === 'details' ? undefined : problem.tab, field: problem.field }} size="sm">
            {problem.message}
          </AnchorLink>
        </List.Item>
      ))}
    </List>
  );
}

/** Opens the tour's page as the server will render it once published, in a new tab. */
function PreviewLink({ tourId }: { tourId: string }) {
  const preview = useQuery(tourPreviewQuery(tourId));
  if (preview.isError) {
    return (
      <Button variant="default" color="red" leftSection={<IconEye size={16} />} onClick={() => void preview.refetch()} title={preview.error.message}>
        Preview: try again
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={preview.data}
      target="_blank"
      rel="noopener"
      variant="default"
      data-disabled={preview.data ? undefined : true}
      onClick={(event) => !preview.data && event.preventDefault()}
      leftSection={preview.data ? <IconEye size={16} /> : <Loader size={14} />}
      rightSection={<IconExternalLink size={14} />}
    >
      Preview
    </Button>
  );
}

/** Publishing and taking off the site. Publishing runs the tour's checks first and says what they found. */
function StatusActions({ tour, problems }: { tour: TourWithParts; problems: TourProblem[] }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const setStatus = useMutation({
    mutationFn: (status: 'draft' | 'active' | 'archived') => saveTour(tour.id, { status }),
    onSuccess: async (_, status) => {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success(status === 'active' ? `${tour.title} is on the site` : status === 'archived' ? `${tour.title} is archived` : `${tour.title} is a draft again`);
    },
    onError: (error: Error) => notify.error(error.message),
  });
  if (tour.status === 'active') {
    return (
      <Button variant="default" loading={setStatus.isPending} onClick={() => setStatus.mutate('draft')}>
        Take off the site
      </Button>
    );
  }
  return (
    <>
      {tour.status === 'draft' && (
        <Button variant="default" loading={setStatus.isPending && setStatus.variables === 'archived'} onClick={() => setStatus.mutate('archived')}>
          Archive
        </Button>
      )}
      <Button loading={setStatus.isPending && setStatus.variables === 'active'} onClick={() => (problems.length > 0 ? setAsking(true) : setStatus.mutate('active'))}>
        Publish
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Publish with ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}?`}>
        <Stack gap="sm">
          <Text size="sm">Visitors will see the tour as it is. The checks found:</Text>
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={`${problem.kind}-${problem.field}-${problem.message}`}>{problem.message}</List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)}>
              Not yet
            </Button>
            <Button loading={setStatus.isPending} onClick={() => setStatus.mutate('active')}>
              Publish anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /admin/tours/$tourId: a tour's details, prices, days and departures, its checks, preview and publishing. */
export function TourEditor({ tourId, userId, tab, field, onTabChange }: { tourId: string; userId: string; tab: EditorTab; field?: string; onTabChange: (tab: EditorTab) => void }) {
  const navigate = useNavigate();
  const found = useQuery(tourEditorQuery(tourId));
  const withoutAlt = useQuery(filesWithoutAltQuery());
  const duplicate = useMutation({
    mutationFn: () => duplicateTour(tourId),
    onSuccess: async (id) => {
      notify.success('Copied as a draft');
      await navigate({ to: '/admin/tours/$tourId', params: { tourId: id } });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  // A check's link names the field that fixes it: scrolled to and focused once the tab shows it.
  const loaded = found.data !== undefined;
  useEffect(() => {
    if (!field || !loaded) return;
    const target = document.getElementById(field);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [field, tab, loaded]);

  const back = (
    <BackLink to="/admin/tours">Tours</BackLink>
  );
  if (found.isPending) return <Loader aria-label="Loading the tour" />;
  if (found.error) return <Alert color="red">{found.error.message}</Alert>;
  const tour = found.data;
  if (!tour) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange" title="No such tour">
          This tour was removed, or the address is wrong.
        </Alert>
      </Stack>
    );
  }
  const problems = tourCheck(tour, officeToday(), withoutAlt.data);
  return (
    <Stack gap="md" maw={1200}>
      {back}
      <PageHeader
        title={tour.title}
        description={
          <Group gap="xs" component="span">
            <TourStatusBadge status={tour.status} />
            <span>/tours/{tour.slug}</span>
          </Group>
        }
        actions={
          <>
            <PreviewLink tourId={tour.id} />
            <Button variant="default" leftSection={<IconCopy size={16} />} loading={duplicate.isPending} onClick={() => duplicate.mutate()}>
              Duplicate
            </Button>
            <StatusActions tour={tour} problems={problems} />
          </>
        }
      />
      {problems.length > 0 && (
        <Alert color="orange" title={`${problems.length} ${problems.length === 1 ? 'thing' : 'things'} to look at`} data-testid="tour-problems">
          <ProblemList tourId={tour.id} problems={problems} />
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => onTabChange((value as EditorTab) ?? 'details')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="pricing">Pricing</Tabs.Tab>
          <Tabs.Tab value="itinerary">Itinerary</Tabs.Tab>
          <Tabs.Tab value="departures">Departures</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <TourDetailsForm tour={tour} />
        </Tabs.Panel>
        <Tabs.Panel value="pricing">
          <TourPricing tour={tour} />
        </Tabs.Panel>
        <Tabs.Panel value="itinerary">
          <ItineraryEditor tour={tour} userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="departures">
          <TourDepartures tour={tour} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
