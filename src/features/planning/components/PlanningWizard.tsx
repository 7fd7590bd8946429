import { Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { DeferredOverlay, useMountOnIdle } from '@/components/widgets/DeferredOverlay.tsx';
import { sendEnquiry, type EnquiryResult } from '@/features/contact/api.ts';
import { enquiryChecksIfLoaded, loadEnquiryChecks, useEnquiryChecksWhenIdle, type EnquiryChecks } from '@/features/contact/enquiry-checks.ts';
import { HONEYPOT_FIELD, type FieldErrors } from '@shared/enquiry-fields.ts';
import { localIsoDate, upcomingMonths } from '@/lib/dates.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { PLANNING_STEPS, stepErrors, type PlanValues } from '../model.ts';
import classes from './PlanningWizard.module.css';

const PlanningLaterSteps = lazyWithLoad(() => import('./PlanningLaterSteps.tsx'));

export interface PlanningDestination {
  slug: string;
  name: string;
  region: string | null;
  image_url: string | null;
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
  // The later steps' code loads once the page is idle, and renders (nothing, on the first step) from then on.
  const [laterStepsMounted] = useMountOnIdle(PlanningLaterSteps.load);
  const stepShown = useRef(step);
  stepShown.current = step;
  const today = useMemo(() => localIsoDate(), []);
  const months = useMemo(() => upcomingMonths(today, MONTHS_AHEAD), [today]);

  useEnquiryChecksWhenIdle();
  const checkPlan = ({ checkEnquiry, planningEnquirySchema }: EnquiryChecks, next: PlanValues) => checkEnquiry(planningEnquirySchema, toEnquiry(next));
  const problemsOf = (checks: EnquiryChecks, next: PlanValues) => {
    const checked = checkPlan(checks, next);
    return checked.ok ? {} : checked.errors;
  };
  /** The checks, loaded if they are not in yet; a failure to load them is said where sending fails. */
  const enquiryChecks = async () => {
    try {
      return await loadEnquiryChecks();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };

  const set = <K extends keyof PlanValues>(field: K, value: PlanValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a step has shown its messages (the checks are in by then) they follow the changes, so a fixed field clears at once.
    const checks = enquiryChecksIfLoaded();
    if (Object.keys(errors).length && checks) setErrors(stepErrors(problemsOf(checks, next), step));
  };

  const focusPanel = () => requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], h2')?.focus());
  // Next pressed before the later steps' code was in: their step takes the keyboard once it shows.
  const focusPanelIfPastFirstStep = () => {
    if (stepShown.current > 0) focusPanel();
  };

  const next = async () => {
    const checks = await enquiryChecks();
    if (!checks) return;
    const problems = stepErrors(problemsOf(checks, values), step);
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
    const checks = await enquiryChecks();
    if (!checks) return;
    const checked = checkPlan(checks, values);
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

        <DeferredOverlay overlay={{ mounted: laterStepsMounted || step > 0, onMounted: focusPanelIfPastFirstStep }} fallback={step > 0 ? <Skeleton height={240} radius="md" /> : null}>
          <PlanningLaterSteps step={step} values={values} set={set} errors={errors} today={today} months={months} failure={failure} honeypot={honeypot} onHoneypot={setHoneypot} />
        </DeferredOverlay>
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
