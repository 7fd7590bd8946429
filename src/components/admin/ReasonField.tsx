import { Textarea } from '@mantine/core';

/**
 * The reason every change to a booking asks for: marked required, kept in the History, with an
 * example in the description rather than a placeholder (a placeholder read as text already typed,
 * and turned red with the error).
 */
export function ReasonField({ value, onChange, error, example, label = 'Reason', autoFocus = false }: { value: string; onChange: (reason: string) => void; error?: string | null; example?: string; label?: string; autoFocus?: boolean }) {
  return (
    <Textarea
      label={label}
      description={example ? `Kept in the booking’s History. For example: ${example}` : 'Kept in the booking’s History.'}
      required
      autosize
      minRows={2}
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data-autofocus={autoFocus || undefined}
    />
  );
}
