import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { sendPasswordReset } from '../api.ts';
import { authProblem } from '../messages.ts';
import { emailProblem } from '../validation.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';

/** /auth/forgot-password: emails a link to choose a new password. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});
  const send = useMutation({
    mutationFn: sendPasswordReset,
    networkMode: 'always',
    onError: (error) => {
      const problem = authProblem(error);
      setErrors(problem.field === 'email' ? { email: problem.message } : { form: problem.message });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setErrors({ email: problem });
    if (!problem) send.mutate(email);
  }

  const backToSignIn = (
    <Anchor component={Link} to="/auth/login" fw={500}>
      Back to sign in
    </Anchor>
  );

  if (send.isSuccess) {
    return (
      <AuthCard title="Check your email" footer={backToSignIn}>
        <Stack gap="sm" align="flex-start">
          <IconMailCheck size={40} stroke={1.4} color="var(--mantine-color-brand-6)" aria-hidden />
          <Text>
            If an account exists for <strong>{email.trim()}</strong>, we have sent it a link to choose a new password. The link
            works once.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing after a few minutes? Check your spam folder, or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => send.reset()}>
              try another address
            </Anchor>
            .
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one." footer={backToSignIn}>
      <form onSubmit={submit} noValidate aria-label="Reset password">
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
          <Button type="submit" size="md" loading={send.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
