import { Text } from '@mantine/core';

/** Plain text whose paragraphs are separated by blank lines, as one Text per paragraph. */
export function Paragraphs({ text, className }: { text: string | null; className?: string }) {
  return (text ?? '')
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((paragraph) => (
      <Text key={paragraph.slice(0, 40)} className={className}>
        {paragraph}
      </Text>
    ));
}
