import { IconArrowRight } from '@tabler/icons-react';
import { ButtonLink } from './ButtonLink.tsx';

/** What the trip planner starts with: a destination ticked, or an experience named in the message. */
export type PlanTripPreset = { destination: string } | { experience: string };

/** The call to plan beside a destination or an experience: the trip planner, started from this page. */
export function PlanTripButton({ label, preset }: { label: string; preset: PlanTripPreset }) {
  return (
    <ButtonLink to="/start-planning" search={preset} fullWidth radius="xl" mt="lg" rightSection={<IconArrowRight size={18} />}>
      {label}
    </ButtonLink>
  );
}
