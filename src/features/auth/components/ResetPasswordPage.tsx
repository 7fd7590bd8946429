import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PageLoader } from '@/components/widgets/PageLoader.tsx';
import { notify } from '@/lib/notify.ts';
import { useSession } from '@/lib/session/index.ts';
import { setNewPassword } from '../api.ts';
import { authProblem } from '../messages.ts';
import { homeFor } from '../redirect.ts';
import { confirmationProblem, MIN_PASSWORD_LENGTH, newPasswordProblem, problems, type FieldErrors } from '../validation.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';

type Field = 'password' | 'confirmation';

/**
 * /auth/reset-password, reached from the emailed link: the server's verify endpoint sends the browser
 * here with a session in the URL fragment, which supabase-js takes up (detectSessionInUrl).
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const save = useMutation({
    mutationFn: setNewPassword,
    networkMode: 'always',
    onSuccess: () => {
      notify.success('Your password is changed. You are signed in.');
      void navigate({ href: homeFor(session.user?.role ?? 'traveler'), replace: true });
    },
    onError: (error) => {
      const problem = authProblem(error);
      setErrors(problem.field === 'password' ? { password: problem.message } : { form: problem.message });
    },
  });

  if (session.status === 'loading') return <PageLoader />;

  if (session.status === 'signedOut') {
    return (
      <AuthCard title="This link has expired" subtitle="Password reset links work once and only for a while.">
        <Stack gap="sm" align="flex-start">
          <Text>Ask for a new link and open the latest email we send you.</Text>
          <Button component={Link} to="/auth/forgot-password">
            Send a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems<Field>({ password: newPasswordProblem(password), confirmation: confirmationProblem(password, confirmation) });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(password);
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={
        <>
          For <strong>{session.user?.email}</strong>.
        </>
      }
      footer={
        <Anchor component={Link} to="/auth/login">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate aria-label="New password">
        <Stack gap="md">
          <FormAlert message={errors.form} />
          <PasswordInput
            label="New password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            leftSection={<IconLock size={18} />}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            required
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} />}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            required
          />
          <Button type="submit" size="md" loading={save.isPending || save.isSuccess} fullWidth>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
