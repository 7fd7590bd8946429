import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicShell } from './-components/PublicShell.tsx';

export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicShell>
      <Outlet />
    </PublicShell>
  ),
});
