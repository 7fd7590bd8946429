import { Anchor, Box, Container, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { formatLongDate } from '@/lib/dates.ts';
import { contentPageQuery } from '../api.ts';
import { MarkdownOrFaq } from './Markdown.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';

const contactPath: string = '/contact';

/** The page's shape while it loads, so nothing jumps when the text arrives. */
function ContentSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading page">
      <PageIntro title={<Skeleton height={44} width="60%" />} lede={<Skeleton height={18} width="80%" mt={6} />} />
      <Container size="lg" py={48}>
        <Stack gap="md" maw={672}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={16} width={index % 3 === 2 ? '70%' : '100%'} />
          ))}
        </Stack>
      </Container>
    </Box>
  );
}

/** A published content page (policies, terms, FAQs, ...) from content_pages; Page Not Found when there is none. */
export function ContentPageView({ slug }: { slug: string }) {
  const page = useQuery(contentPageQuery(slug));
  if (page.isPending) return <ContentSkeleton />;
  if (page.isError) {
    return (
      <Container size="lg" py={64}>
        <LoadError what="this page" onRetry={() => page.refetch()} retrying={page.isFetching} />
      </Container>
    );
  }
  if (!page.data) return <PublicErrorScreen kind="notFound" />;
  const { title, content, meta_description, updated_at } = page.data;

  return (
    <article>
      <PageIntro title={title} lede={meta_description ?? undefined} />
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Grid gap={{ base: 40, md: 64 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <MarkdownOrFaq source={content} />
            <Text size="sm" c="dimmed" mt={48}>
              Last changed {formatLongDate(updated_at)}
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper component="aside" withBorder radius="lg" p="lg" aria-labelledby="questions-heading" pos={{ md: 'sticky' }} top={96}>
              <IconMessageCircle size={28} stroke={1.5} aria-hidden />
              <Title order={2} size="h4" mt="xs" id="questions-heading">
                Still have a question?
              </Title>
              <Text size="sm" c="dimmed" mt={6}>
                Our Arusha team answers every message within one working day.
              </Text>
              <Anchor component={Link} to={contactPath} fw={700} mt="sm" display="inline-block">
                Contact us
              </Anchor>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </article>
  );
}
