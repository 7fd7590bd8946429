import { Alert, Chip, Grid, Group, NumberInput, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Honeypot } from '@/features/contact/components/Honeypot.tsx';
import { MAX_MESSAGE, PREFERRED_CONTACT, TRIP_BUDGETS, TRIP_INTERESTS, TRIP_TIMING, type FieldErrors } from '@shared/enquiry-fields.ts';
import type { PlanValues } from '../model.ts';
import classes from './PlanningWizard.module.css';

interface PlanningLaterStepsProps {
  step: number;
  values: PlanValues;
  set: <K extends keyof PlanValues>(field: K, value: PlanValues[K]) => void;
  errors: FieldErrors;
  /** Today, the earliest first day (YYYY-MM-DD). */
  today: string;
  /** The months to choose from. */
  months: { value: string; label: string }[];
  /** Why the request was not sent, on the last step. */
  failure: string | null;
  honeypot: string;
  onHoneypot: (value: string) => void;
}

/**
 * The wizard's steps after the first (when, who and budget, interests, contact details): a chunk of
 * their own, loaded once the page is idle. Their fields (a select with its popover, number inputs,
 * chips) are a third of the page's JavaScript, and the first step needs none of them.
 */
export default function PlanningLaterSteps({ step, values, set, errors, today, months, failure, honeypot, onHoneypot }: PlanningLaterStepsProps) {
  return (
    <>
      {step === 1 && (
        <Stack gap="md">
          <Title order={2} size="h3" tabIndex={-1}>
            When would you like to travel?
          </Title>
          <SegmentedControl
            value={values.timing}
            onChange={(value) => set('timing', value)}
            data={TRIP_TIMING.map((option) => ({ value: option.value, label: option.label }))}
            aria-label="When"
            fullWidth
            maw={480}
          />
          {values.timing === 'dates' && (
            <Grid gap="md" maw={480}>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput type="date" label="First day" min={today} value={values.startDate} onChange={(e) => set('startDate', e.currentTarget.value)} error={errors['trip.startDate']} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  type="date"
                  label="Last day"
                  min={values.startDate || today}
                  value={values.endDate}
                  onChange={(e) => set('endDate', e.currentTarget.value)}
                  error={errors['trip.endDate']}
                />
              </Grid.Col>
            </Grid>
          )}
          {values.timing === 'month' && (
            <Select label="Month" placeholder="Choose a month" data={months} value={values.month || null} onChange={(value) => set('month', value ?? '')} error={errors['trip.month']} maw={480} allowDeselect={false} />
          )}
          {values.timing === 'flexible' && <Text c="dimmed">No problem: we will suggest the best season for what you would like to see.</Text>}
        </Stack>
      )}

      {step === 2 && (
        <Stack gap="lg">
          <Title order={2} size="h3" tabIndex={-1}>
            Who is travelling, and what budget?
          </Title>
          <Grid gap="md" maw={480}>
            <Grid.Col span={6}>
              <NumberInput label="Adults" min={1} max={30} allowDecimal={false} value={values.adults} onChange={(value) => set('adults', value)} error={errors['trip.adults']} />
            </Grid.Col>
            <Grid.Col span={6}>
              <NumberInput label="Children" description="Under 16" min={0} max={20} allowDecimal={false} value={values.children} onChange={(value) => set('children', value)} error={errors['trip.children']} />
            </Grid.Col>
          </Grid>
          <Radio.Group label="Budget per person" description="Excluding international flights" value={values.budget} onChange={(value) => set('budget', value)} error={errors['trip.budget']}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
              {TRIP_BUDGETS.map((option) => (
                <Radio.Card key={option.value} value={option.value} radius="md" className={classes.place}>
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Text fw={500}>{option.label}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Stack>
      )}

      {step === 3 && (
        <Stack gap="md">
          <Title order={2} size="h3" tabIndex={-1}>
            What would you love to do?
          </Title>
          <Text c="dimmed">Optional, but it helps us choose lodges, guides and the pace of your days.</Text>
          <Chip.Group multiple value={values.interests} onChange={(value) => set('interests', value)}>
            <Group gap="xs" role="group" aria-label="Interests">
              {TRIP_INTERESTS.map((interest) => (
                <Chip key={interest.value} value={interest.value} radius="xl" size="md">
                  {interest.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}

      {step === 4 && (
        <Stack gap="md">
          <Title order={2} size="h3" tabIndex={-1}>
            Where should we send your ideas?
          </Title>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Your request was not sent" role="alert">
              {failure}
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Your name" name="name" autoComplete="name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Email" name="email" type="email" inputMode="email" autoComplete="email" required value={values.email} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Phone" description="Optional, with country code" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.currentTarget.value)} error={errors.phone} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Radio.Group label="Best way to reach you" value={values.preferredContact} onChange={(value) => set('preferredContact', value)} error={errors.preferredContact}>
                <Group gap="md" mt={8}>
                  {PREFERRED_CONTACT.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} />
                  ))}
                </Group>
              </Radio.Group>
            </Grid.Col>
          </Grid>
          <Textarea
            label="Anything else?"
            description="A celebration, mobility needs, a lodge you have heard of..."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX_MESSAGE}
            value={values.message}
            onChange={(e) => set('message', e.currentTarget.value)}
            error={errors.message}
          />
          <div style={{ position: 'relative' }}>
            <Honeypot value={honeypot} onChange={onHoneypot} />
          </div>
        </Stack>
      )}
    </>
  );
}
