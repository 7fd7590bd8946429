import { Fieldset, Grid, TextInput } from '@mantine/core';
import type { FieldErrors, TravelerDraft } from '../schema.ts';
import classes from './BookingPage.module.css';

function legendOf(index: number, adults: number): string {
  if (index === 0) return 'Traveler 1 · lead traveler';
  return `Traveler ${index + 1} · ${index < adults ? 'adult' : 'child'}`;
}

/** Name, date of birth and nationality of every traveler (the park permits need them), passport and diet when known. */
export function TravelerFields({
  travelers,
  adults,
  today,
  errors,
  onChange,
}: {
  travelers: TravelerDraft[];
  adults: number;
  today: string;
  errors: FieldErrors;
  onChange: (index: number, field: keyof TravelerDraft, value: string) => void;
}) {
  return (
    <>
      {travelers.map((traveler, index) => {
        const error = (field: keyof TravelerDraft) => errors[`travelers.${index}.${field}`];
        const name = (field: keyof TravelerDraft) => `travelers.${index}.${field}`;
        return (
          <Fieldset key={index} legend={legendOf(index, adults)} radius="md" p={{ base: 'sm', sm: 'md' }} className={classes.traveler} data-testid="traveler">
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  label="Full name"
                  description="As in the passport"
                  name={name('fullName')}
                  autoComplete={index === 0 ? 'name' : 'off'}
                  required
                  value={traveler.fullName}
                  onChange={(event) => onChange(index, 'fullName', event.currentTarget.value)}
                  error={error('fullName')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  type="date"
                  label="Date of birth"
                  name={name('dateOfBirth')}
                  autoComplete={index === 0 ? 'bday' : 'off'}
                  required
                  max={today}
                  value={traveler.dateOfBirth}
                  onChange={(event) => onChange(index, 'dateOfBirth', event.currentTarget.value)}
                  error={error('dateOfBirth')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  label="Nationality"
                  name={name('nationality')}
                  required
                  value={traveler.nationality}
                  onChange={(event) => onChange(index, 'nationality', event.currentTarget.value)}
                  error={error('nationality')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  label="Passport number"
                  description="For the park permits; you can add it later"
                  name={name('passportNumber')}
                  autoComplete="off"
                  value={traveler.passportNumber}
                  onChange={(event) => onChange(index, 'passportNumber', event.currentTarget.value)}
                  error={error('passportNumber')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput
                  label="Dietary needs"
                  description="Vegetarian, allergies, anything our cooks should know"
                  name={name('dietary')}
                  value={traveler.dietary}
                  onChange={(event) => onChange(index, 'dietary', event.currentTarget.value)}
                  error={error('dietary')}
                />
              </Grid.Col>
            </Grid>
          </Fieldset>
        );
      })}
    </>
  );
}
