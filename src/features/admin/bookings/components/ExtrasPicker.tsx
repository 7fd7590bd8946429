import { Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@/lib/money.ts';
import { tourExtrasQuery } from '../api.ts';

export type ChosenExtras = { code: string; quantity: number }[];

/**
 * The tour's extras a booking may take: a box for those per booking, a count of travelers for those
 * per person. Nothing shows for a tour without extras.
 */
export function ExtrasPicker({ tourId, currency, value, onChange }: { tourId: string; currency: string; value: ChosenExtras; onChange: (extras: ChosenExtras) => void }) {
  const offered = useQuery(tourExtrasQuery(tourId));
  if ((offered.data ?? []).length === 0) return null;
  const quantityOf = (code: string) => value.find((extra) => extra.code === code)?.quantity ?? 0;
  const setQuantity = (code: string, quantity: number) =>
    onChange(quantity > 0 ? [...value.filter((extra) => extra.code !== code), { code, quantity }] : value.filter((extra) => extra.code !== code));
  const price = (amount: number) => formatMoney(amount, currency, { cents: true });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Extras
      </Text>
      {offered.data!.map((extra) =>
        extra.unit === 'per_booking' ? (
          <Checkbox key={extra.code} label={`${extra.name} (${price(Number(extra.price))} per booking)`} checked={quantityOf(extra.code) > 0} onChange={(event) => setQuantity(extra.code, event.currentTarget.checked ? 1 : 0)} />
        ) : (
          <NumberInput
            key={extra.code}
            label={`${extra.name} (${price(Number(extra.price))} per person)`}
            description="How many travelers take it"
            min={0}
            max={60}
            allowDecimal={false}
            value={quantityOf(extra.code)}
            onChange={(count) => setQuantity(extra.code, Number(count) || 0)}
          />
        ),
      )}
    </Stack>
  );
}
