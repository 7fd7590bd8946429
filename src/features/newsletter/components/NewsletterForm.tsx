import { Button, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify.ts';
import { isPlausibleEmail, subscribeToNewsletter } from '../api.ts';
import classes from './NewsletterSignup.module.css';

/**
 * The newsletter's email field and Subscribe button (NewsletterSignup loads it once the page is
 * idle). `autoFocus`: the visitor touched the stand-in before it arrived, so the field takes the focus.
 */
export default function NewsletterForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const subscribe = useMutation({
    mutationFn: (address: string) => subscribeToNewsletter(address),
    // The outbox keeps the sign-up while offline; TanStack Query would otherwise hold the mutation back.
    networkMode: 'always',
    onSuccess: (result) => {
      setEmail('');
      notify.success('Stories from the bush arrive about once a month.', {
        title: result === 'subscribed' ? 'You are subscribed' : 'You will be subscribed when you are back online',
      });
    },
    onError: () => notify.error('Please try again in a moment.', { title: 'We could not subscribe you' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setInvalid(true);
      return;
    }
    subscribe.mutate(email);
  }

  return (
    <form onSubmit={submit} className={classes.form} noValidate>
      <TextInput
        type="email"
        aria-label="Email address"
        placeholder="you@example.com"
        autoComplete="email"
        autoFocus={autoFocus}
        leftSection={<IconMail size={18} />}
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setInvalid(false);
        }}
        error={invalid ? 'Enter an email address like you@example.com' : undefined}
        classNames={{ input: classes.input, error: classes.error }}
        className={classes.field}
        radius="xl"
      />
      <Button type="submit" radius="xl" loading={subscribe.isPending}>
        Subscribe
      </Button>
    </form>
  );
}
