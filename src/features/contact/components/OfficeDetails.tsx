import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconClock,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './OfficeDetails.module.css';

/** What the contact and about pages show about the company; the active branding provides it. */
export interface CompanyContact {
  companyName: string;
  address: string;
  phone: string;
  email: string;
  officeHours: string[];
  social: { network: 'facebook' | 'instagram' | 'twitter' | 'linkedin' | 'youtube'; url: string }[];
  branchOffices: { id: string; location: string; address: string; phone: string; email: string; hours: string; isPrimary: boolean }[];
}

const socialIcons = {
  facebook: { icon: IconBrandFacebook, label: 'Facebook' },
  instagram: { icon: IconBrandInstagram, label: 'Instagram' },
  twitter: { icon: IconBrandX, label: 'X (Twitter)' },
  linkedin: { icon: IconBrandLinkedin, label: 'LinkedIn' },
  youtube: { icon: IconBrandYoutube, label: 'YouTube' },
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Line({ icon: Icon, children }: { icon: typeof IconPhone; children: ReactNode }) {
  return (
    <Group gap={10} wrap="nowrap" align="flex-start" className={classes.line}>
      <Icon size={18} stroke={1.6} aria-hidden className={classes.icon} />
      <div>{children}</div>
    </Group>
  );
}

/** Phone, email, office hours and social links: the quick ways to reach the company. */
export function ReachUs({ company }: { company: CompanyContact }) {
  return (
    <Paper component="section" radius="lg" p={{ base: 'lg', md: 'xl' }} className={classes.reach} aria-labelledby="reach-heading">
      <Title order={2} size="h3" id="reach-heading">
        Talk to a planner
      </Title>
      <Stack gap="sm" mt="md">
        <Line icon={IconPhone}>
          <Anchor href={telHref(company.phone)} className={classes.strong}>
            {company.phone}
          </Anchor>
        </Line>
        <Line icon={IconMail}>
          <Anchor href={`mailto:${company.email}`} className={classes.strong}>
            {company.email}
          </Anchor>
        </Line>
        <Line icon={IconClock}>
          {company.officeHours.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          <Text size="sm" className={classes.muted}>
            East Africa Time (UTC+3)
          </Text>
        </Line>
      </Stack>
      {company.social.length > 0 && (
        <Group gap="xs" mt="lg" component="ul" className={classes.social} aria-label={`${company.companyName} on social media`}>
          {company.social.map(({ network, url }) => {
            const { icon: Icon, label } = socialIcons[network];
            return (
              <li key={network}>
                <a href={url} target="_blank" rel="noopener noreferrer" aria-label={label} className={classes.socialLink}>
                  <Icon size={20} stroke={1.6} />
                </a>
              </li>
            );
          })}
        </Group>
      )}
    </Paper>
  );
}

/** The company's offices, the head office first; the branding address when no branch offices are listed. */
export function BranchOffices({ company }: { company: CompanyContact }) {
  const offices = company.branchOffices.length
    ? [...company.branchOffices].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
    : [{ id: 'main', location: company.companyName, address: company.address, phone: company.phone, email: company.email, hours: company.officeHours.join(', '), isPrimary: true }];
  return (
    <section aria-labelledby="offices-heading">
      <Title order={2} id="offices-heading" mb="lg">
        Our offices
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {offices.map((office) => (
          <Paper key={office.id} withBorder radius="lg" p="lg" data-testid="branch-office">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={3} size="h4">
                {office.location}
              </Title>
              {office.isPrimary && company.branchOffices.length > 1 && !/head office/i.test(office.location) && (
                <Badge variant="light" radius="sm">
                  Head office
                </Badge>
              )}
            </Group>
            <Stack gap={8} mt="sm">
              <Line icon={IconMapPin}>
                <Text component="address" fs="normal">
                  {office.address}
                </Text>
              </Line>
              {office.phone && (
                <Line icon={IconPhone}>
                  <Anchor href={telHref(office.phone)}>{office.phone}</Anchor>
                </Line>
              )}
              {office.email && (
                <Line icon={IconMail}>
                  <Anchor href={`mailto:${office.email}`}>{office.email}</Anchor>
                </Line>
              )}
              {office.hours && (
                <Line icon={IconClock}>
                  <Text>{office.hours}</Text>
                </Line>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
