import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconMail, IconMailCheck, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { register } from '../api.ts';
import { authProblem } from '../messages.ts';
import { homeFor, safeRedirect } from '../redirect.ts';
import { confirmationProblem, emailProblem, MIN_PASSWORD_LENGTH, newPasswordProblem, problems, type FieldErrors } from '../validation.ts';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';

type Field = 'fullName' | 'email' | 'password' | 'confirmation' | 'terms';

/** /auth/register and /register: full name, email, password twice and the terms. */
export function RegisterPage({ redirect, email: invitedEmail = '' }: { redirect?: string; email?: string }) {
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState(invitedEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const create = useMutation({
    mutationFn: register,
    networkMode: 'always',
    onSuccess: ({ confirmEmail }) => {
      if (!confirmEmail) void navigate({ href: safeRedirect(redirect, window.location.origin) ?? homeFor('traveler'), replace: true });
    },
    onError: (error) => {
      const problem = authProblem(error);
      setErrors({ [problem.field]: problem.message });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems<Field>({
      fullName: fullName.trim() === '' ? 'Enter your full name' : undefined,
      email: emailProblem(email),
      password: newPasswordProblem(password),
      confirmation: confirmationProblem(password, confirmation),
      terms: terms ? undefined : 'Please accept the terms to create an account',
    });
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate({ fullName, email, password });
  }

  if (create.data?.confirmEmail) {
    return (
      <AuthCard title="Check your email to confirm your account">
        <Stack gap="sm" align="flex-start">
          <IconMailCheck size={40} stroke={1.4} color="var(--mantine-color-brand-6)" aria-hidden />
          <Text>
            We sent a link to <strong>{email.trim()}</strong>. Open it to finish creating your account, then sign in.
          </Text>
          <Anchor component={Link} to="/auth/login">
            Back to sign in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Keep your bookings, itineraries and documents in one place, even offline."
      footer={
        <>
          Already have an account?{' '}
          <AnchorLink to="/auth/login" search={{ redirect }} fw={500}>
            Sign in
          </AnchorLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Create account">
        <Stack gap="md">
          <FormAlert message={errors.form} />
          <TextInput
            label="Full name"
            autoComplete="name"
            leftSection={<IconUser size={18} />}
            value={fullName}
            onChange={(event) => setFullName(event.currentTarget.value)}
            error={errors.fullName}
            required
          />
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
          <Checkbox
            checked={terms}
            onChange={(event) => setTerms(event.currentTarget.checked)}
            error={errors.terms}
            label={
              <>
                I agree to the{' '}
                <Anchor href="/terms-conditions" target="_blank" inherit>
                  Terms &amp; conditions
                </Anchor>{' '}
                and the{' '}
                <Anchor href="/privacy-policy" target="_blank" inherit>
                  Privacy policy
                </Anchor>
              </>
            }
          />
          <Button type="submit" size="md" loading={create.isPending || create.isSuccess} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
