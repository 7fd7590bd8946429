import { Button, Popover, Stack, Text } from '@mantine/core';
import { cloneElement, useState, type ReactElement } from 'react';

interface SignInToSavePromptProps {
  /** The wishlist button, which opens and closes the prompt. */
  trigger: ReactElement<{ onClick?: () => void }>;
  /** The sign-in page, which brings the visitor back here. */
  loginHref: string;
}

/** A visitor's wishlist button asks them to sign in (loaded once the page is idle: Popover and floating-ui are its own chunk). */
export default function SignInToSavePrompt({ trigger, loginHref }: SignInToSavePromptProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} position="bottom" withArrow shadow="md" width={280} trapFocus returnFocus>
      <Popover.Target>{cloneElement(trigger, { onClick: () => setOpen((wasOpen) => !wasOpen) })}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="dialog" aria-label="Sign in to save tours">
          <Text fw={700}>Sign in to save tours</Text>
          <Text size="sm">Keep the tours you like on your wishlist and find them again on any device.</Text>
          <Button component="a" href={loginHref}>
            Sign in
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
