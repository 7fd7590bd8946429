import { Container, Grid, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useBranding } from '@/features/branding/api.ts';
import { ContactForm } from '@/features/contact/components/ContactForm.tsx';
import { BranchOffices, ReachUs } from '@/features/contact/components/OfficeDetails.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';

export const Route = createFileRoute('/_public/contact')({
  component: ContactPage,
});

function ContactPage() {
  const branding = useBranding();
  return (
    <>
      <PageIntro
        eyebrow="Karibu"
        title="Contact us"
        lede={`Questions about a tour, a date or a dream trip? The ${branding.companyName} team answers every message within one working day.`}
      />
      <Container size="lg" py={{ base: 32, md: 64 }}>
        <Grid gap={{ base: 40, md: 56 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ContactForm />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ReachUs company={branding} />
          </Grid.Col>
        </Grid>
        <Stack mt={{ base: 56, md: 80 }}>
          <BranchOffices company={branding} />
        </Stack>
      </Container>
    </>
  );
}
