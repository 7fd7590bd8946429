import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PageLoader } from '@/components/widgets/PageLoader.tsx';
import { notify } from '@/lib/notify.ts';
import { useSession } from '@/lib/session/index.ts';
import { joinTeam } from '../api.ts';
import { authProblem } from '../messages.ts';
import { confirmationProblem, MIN_PASSWORD_LENGTH, newPasswordProblem, problems, type FieldErrors } from '../validation.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';

type Field = 'fullName' | 'password' | 'confirmation';

const noInvitation = 'This invitation was revoked or has expired. Ask an administrator to send you a new one.';

/**
 * /auth/join-team, reached from the team invitation email: the verify endpoint signs the invitee in
 * (the session arrives in the URL fragment); here they give their name and a password and take the
 * role the admin chose, then land in the back office.
 */
export function JoinTeamPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const join = useMutation({
    mutationFn: joinTeam,
    networkMode: 'always',
    onSuccess: (role) => {
      if (!role) {
        setErrors({ form: noInvitation });
        return;
      }
      notify.success('Welcome to the team. You are signed in.');
      void navigate({ href: '/admin', replace: true });
    },
    onError: (error) => {
      const problem = authProblem(error);
      setErrors(problem.field === 'password' ? { password: problem.message } : { form: problem.message });
    },
  });

  if (session.status === 'loading') return <PageLoader />;

  if (session.status === 'signedOut') {
    return (
      <AuthCard title="This invitation link has expired" subtitle="Invitation links work once, for 7 days.">
        <Stack gap="sm" align="flex-start">
          <Text>Ask an administrator to send you a new invitation, then open the latest email.</Text>
          <Button component={Link} to="/auth/login">
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems<Field>({
      fullName: fullName.trim() === '' ? 'Enter your name' : undefined,
      password: newPasswordProblem(password),
      confirmation: confirmationProblem(password, confirmation),
    });
    setErrors(found);
    if (Object.keys(found).length === 0) join.mutate({ fullName, password });
  }

  return (
    <AuthCard
      title="Join the team"
      subtitle={
        <>
          Give your name and choose a password for <strong>{session.user?.email}</strong>.
        </>
      }
      footer={
        <Anchor component={Link} to="/auth/login">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Join the team">
        <Stack gap="md">
          <FormAlert message={errors.form} />
          <TextInput
            label="Your name"
            autoComplete="name"
            leftSection={<IconUser size={18} />}
            value={fullName}
            maxLength={120}
            onChange={(event) => setFullName(event.currentTarget.value)}
            error={errors.fullName}
            required
          />
          <PasswordInput
            label="Password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            leftSection={<IconLock size={18} />}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            required
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} />}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            required
          />
          <Button type="submit" size="md" loading={join.isPending || (join.isSuccess && join.data !== null)} fullWidth>
            Join the team
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
