import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Grid,
  Group,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { sendEnquiry, type EnquiryResult } from '@/features/contact/api.ts';
import { Honeypot } from '@/features/contact/components/Honeypot.tsx';
import {
  checkEnquiry,
  HONEYPOT_FIELD,
  MAX_MESSAGE,
  planningEnquirySchema,
  PREFERRED_CONTACT,
  TRIP_BUDGETS,
  TRIP_INTERESTS,
  TRIP_TIMING,
  type FieldErrors,
} from '@shared/enquiry.ts';
import { localIsoDate, upcomingMonths } from '@/lib/dates.ts';
import { Picture } from '@/components/widgets/Picture.tsx';
import { PLANNING_STEPS, stepErrors } from '../model.ts';
import classes from './PlanningWizard.module.css';

export interface PlanningDestination {
  slug: string;
  name: string;
  region: string | null;
  image_url: string | null;
}

interface PlanValues {
  destinations: string[];
  timing: string;
  startDate: string;
  endDate: string;
  month: string;
  adults: number | string;
  children: number | string;
  budget: string;
  interests: string[];
  name: string;
  email: string;
  phone: string;
  preferredContact: string;
  message: string;
}

const initial: PlanValues = {
  destinations: [],
  timing: 'month',
  startDate: '',
  endDate: '',
  month: '',
  adults: 2,
  children: 0,
  budget: '',
  interests: [],
  name: '',
  email: '',
  phone: '',
  preferredContact: 'email',
  message: '',
};

const MONTHS_AHEAD = 24;

export interface PlanningPreset {
  /** A destination's slug, one of the wizard's destinations. */
  destination?: string;
  /** The opening of the message ('I would love to include ...'). */
  message?: string;
}

function toEnquiry(values: PlanValues) {
  const count = (value: number | string) => (value === '' ? Number.NaN : Number(value));
  return {
    kind: 'start_planning' as const,
    name: values.name,
    email: values.email,
    phone: values.phone || undefined,
    preferredContact: values.preferredContact,
    message: values.message || undefined,
    trip: {
      destinations: values.destinations,
      timing: values.timing,
      startDate: values.timing === 'dates' ? values.startDate || undefined : undefined,
      endDate: values.timing === 'dates' ? values.endDate || undefined : undefined,
      month: values.timing === 'month' ? values.month || undefined : undefined,
      adults: count(values.adults),
      children: count(values.children),
      budget: values.budget,
      interests: values.interests,
    },
  };
}

/**
 * The tailor-made trip request: where, when, who and budget, interests, then contact details.
 * Each step checks its own fields before moving on; the request goes through the outbox.
 */
export function PlanningWizard({
  destinations,
  destinationsState,
  onRetryDestinations,
  onSent,
  preset,
}: {
  destinations: PlanningDestination[];
  destinationsState: 'pending' | 'error' | 'success';
  onRetryDestinations: () => void;
  onSent: (result: EnquiryResult) => void;
  /** What the page the traveler came from fills in: its destination ticked, its experience named. */
  preset?: PlanningPreset;
}) {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<PlanValues>(initial);

  // A preset arrives with its data (the destination list, the experience's title), after the first
  // render; it fills a field the traveler has not touched yet.
  const presetDestination = preset?.destination;
  const presetMessage = preset?.message;
  useEffect(() => {
    if (presetDestination) setValues((current) => (current.destinations.length ? current : { ...current, destinations: [presetDestination] }));
  }, [presetDestination]);
  useEffect(() => {
    if (presetMessage) setValues((current) => (current.message ? current : { ...current, message: presetMessage }));
  }, [presetMessage]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const today = useMemo(() => localIsoDate(), []);
  const months = useMemo(() => upcomingMonths(today, MONTHS_AHEAD), [today]);

  const check = (next: PlanValues) => {
    const checked = checkEnquiry(planningEnquirySchema, toEnquiry(next));
    return checked.ok ? {} : checked.errors;
  };

  const set = <K extends keyof PlanValues>(field: K, value: PlanValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a step has shown its messages they follow the changes, so a fixed field clears at once.
    if (Object.keys(errors).length) setErrors(stepErrors(check(next), step));
  };

  const focusPanel = () => requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], h2')?.focus());

  const next = () => {
    const problems = stepErrors(check(values), step);
    setErrors(problems);
    if (Object.keys(problems).length) {
      focusPanel();
      return;
    }
    setStep((current) => current + 1);
    focusPanel();
  };

  /** Earlier steps can be revisited at any time; later ones only through Next. */
  const goBackTo = (target: number) => {
    if (target >= step) return;
    setErrors({});
    setStep(target);
    focusPanel();
  };
  const back = () => goBackTo(step - 1);

  const submit = async () => {
    setFailure(null);
    const checked = checkEnquiry(planningEnquirySchema, toEnquiry(values));
    if (!checked.ok) {
      // A problem in an earlier step (rare: they were checked) takes the visitor back to it.
      const first = Math.max(0, PLANNING_STEPS.findIndex((_, index) => Object.keys(stepErrors(checked.errors, index)).length > 0));
      setStep(first);
      setErrors(stepErrors(checked.errors, first));
      focusPanel();
      return;
    }
    setSending(true);
    try {
      onSent(await sendEnquiry(honeypot ? { ...checked.value, [HONEYPOT_FIELD]: honeypot } : checked.value));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const last = step === PLANNING_STEPS.length - 1;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.wizard}>
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={goBackTo} classNames={{ stepBody: classes.stepBody, stepDescription: classes.stepDescription, steps: classes.steps, separator: classes.separator }}>
        {PLANNING_STEPS.map((item) => (
          <Stepper.Step key={item.label} label={item.label} description={item.description} />
        ))}
      </Stepper>
      <Text size="sm" c="dimmed" mt="md" hiddenFrom="sm">
        Step {step + 1} of {PLANNING_STEPS.length}: {PLANNING_STEPS[step].description}
      </Text>

      <div ref={panelRef} className={classes.panel}>
        {step === 0 && (
          <Stack gap="md">
            <Title order={2} size="h3" tabIndex={-1}>
              Where would you like to go?
            </Title>
            <Text c="dimmed">Choose as many as you like. Not sure? Pick the ones that catch your eye and we will advise.</Text>
            {destinationsState === 'error' ? (
              <LoadError what="our destinations" onRetry={onRetryDestinations} />
            ) : (
              // The question above is the visible label; the hidden one names the group for screen readers.
              <Checkbox.Group
                value={values.destinations}
                onChange={(value) => set('destinations', value)}
                error={errors['trip.destinations']}
                label="Destinations"
                labelProps={{ className: classes.visuallyHidden }}
              >
                {/* As many columns as the card has room for: a park's name stays on one or two lines. */}
                <SimpleGrid minColWidth="14rem" spacing="sm" mt="xs">
                  {destinationsState === 'pending'
                    ? Array.from({ length: 6 }, (_, index) => <Skeleton key={index} height={72} radius="md" />)
                    : destinations.map((destination) => (
                        <Checkbox.Card key={destination.slug} value={destination.slug} radius="md" className={classes.place}>
                          <Group wrap="nowrap" gap="sm" align="center">
                            <Checkbox.Indicator />
                            {destination.image_url && <Picture src={destination.image_url} sizes="56px" alt="" width={56} height={56} className={classes.thumb} loading="lazy" />}
                            <div>
                              <Text fw={700} lh={1.3}>
                                {destination.name}
                              </Text>
                              {destination.region && (
                                <Text size="xs" c="dimmed">
                                  {destination.region}
                                </Text>
                              )}
                            </div>
                          </Group>
                        </Checkbox.Card>
                      ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          </Stack>
        )}

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
              <Honeypot value={honeypot} onChange={setHoneypot} />
            </div>
          </Stack>
        )}
      </div>

      <Group justify="space-between" mt="xl">
        {step > 0 ? (
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={back} disabled={sending}>
            Back
          </Button>
        ) : (
          <span />
        )}
        {last ? (
          <Button radius="xl" size="md" rightSection={<IconSend size={18} />} onClick={submit} loading={sending}>
            Send my request
          </Button>
        ) : (
          <Button radius="xl" size="md" rightSection={<IconArrowRight size={18} />} onClick={next}>
            Next
          </Button>
        )}
      </Group>
    </Paper>
  );
}
