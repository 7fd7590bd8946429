import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { signOut, useSession } from '@/lib/session/index.ts';
import { signInWithPassword } from '../api.ts';
import { authProblem } from '../messages.ts';
import { homeFor, safeRedirect } from '../redirect.ts';
import { emailProblem, problems, type FieldErrors } from '../validation.ts';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';

type Field = 'email' | 'password';

/** Already signed in: say who, and offer to go on or to switch account. */
function SignedInAlready({ email, onContinue }: { email: string; onContinue: () => void }) {
  return (
    <Stack gap="md">
      <Text>
        You are signed in as <strong>{email}</strong>.
      </Text>
      <Group>
        <Button onClick={onContinue}>Continue</Button>
        <Button variant="default" onClick={() => void signOut()}>
          Sign in as someone else
        </Button>
      </Group>
    </Stack>
  );
}

/** /auth/login and /login: email and password; afterwards back to the page the user was going to. */
export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const target = safeRedirect(redirect, window.location.origin);
  const goOn = (role: string) => void navigate({ href: target ?? homeFor(role), replace: true });

  const signIn = useMutation({
    mutationFn: signInWithPassword,
    networkMode: 'always',
    onSuccess: ({ role }) => goOn(role),
    onError: (error) => {
      const problem = authProblem(error);
      setErrors({ [problem.field]: problem.message });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems<Field>({ email: emailProblem(email), password: password === '' ? 'Enter your password' : undefined });
    setErrors(found);
    if (Object.keys(found).length === 0) signIn.mutate({ email, password });
  }

  const signedIn = session.status === 'signedIn' && session.user && signIn.isIdle;

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to see your trips, payments and messages."
      footer={
        <>
          New to us?{' '}
          <AnchorLink to="/auth/register" search={{ redirect }} fw={500}>
            Create an account
          </AnchorLink>
        </>
      }
    >
      {signedIn ? (
        <SignedInAlready email={session.user!.email} onContinue={() => goOn(session.user!.role)} />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack gap="md">
            <FormAlert message={errors.form} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              leftSection={<IconMail size={18} />}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
              required
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              leftSection={<IconLock size={18} />}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
              required
            />
            <Group justify="flex-end" mt={-6}>
              <Anchor component={Link} to="/auth/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" size="md" loading={signIn.isPending || signIn.isSuccess} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
