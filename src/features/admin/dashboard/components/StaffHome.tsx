import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import type { AdminScreen } from '@/components/admin/navigation.ts';

/** /admin for roles without the office's figures (editors, guides): the screens their role opens. */
export function StaffHome({ name, screens }: { name: string; screens: AdminScreen[] }) {
  const others = screens.filter((screen) => screen.to !== '/admin');
  return (
    <>
      <PageHeader title={`Welcome, ${name}`} description="The screens your role opens." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {others.map((screen) => (
          <Card key={screen.to} component={Link} to={screen.to} withBorder radius="md" padding="lg">
            <screen.icon size={24} stroke={1.6} aria-hidden />
            <Text fw={600} mt="xs">
              {screen.label}
            </Text>
            <Text size="sm" c="dimmed">
              {screen.group}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
