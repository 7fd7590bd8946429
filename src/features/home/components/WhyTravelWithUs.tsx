import { Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBinoculars, IconHeartHandshake, IconLeaf, IconMapPin } from '@tabler/icons-react';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import classes from './WhyTravelWithUs.module.css';

const reasons = [
  {
    icon: IconMapPin,
    title: 'Based in Arusha',
    text: 'We live where the safaris start. Our office is open when you land and our team answers the phone on the road.',
  },
  {
    icon: IconBinoculars,
    title: 'Guides who know every track',
    text: 'Our own driver-guides, trained in the parks they drive, read the season so you are where the animals are.',
  },
  {
    icon: IconLeaf,
    title: 'Light on the land',
    text: 'Small groups, camps that employ local people, and park fees that go straight to conservation.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Planned around you',
    text: 'Every trip can be changed: the pace, the lodges, the days. Tell us what matters and we shape it.',
  },
];

/** A short band of reasons to travel with the company. */
export function WhyTravelWithUs({ companyName }: { companyName: string }) {
  return (
    <section className={classes.band} aria-labelledby="why-heading">
      <Container size="lg">
        <SectionHeading id="why-heading" eyebrow="Why us" title={`Why travel with ${companyName}`} />
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing={{ base: 'xl', md: 40 }}>
          {reasons.map((reason) => (
            <div key={reason.title}>
              <ThemeIcon size={48} radius="xl" variant="filled" aria-hidden>
                <reason.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} mt="md" mb={6} fz="lg">
                {reason.title}
              </Title>
              <Text c="dimmed">{reason.text}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
