import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import classes from './LoadError.module.css';

/**
 * A section that could not load: what happened, and a way to try again. Its own markup rather than
 * Mantine's Alert, whose close button came along in every public page's scripts to be shown rarely.
 */
export function LoadError({ what, onRetry, retrying }: { what: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className={classes.box}>
      <IconAlertTriangle size={20} className={classes.icon} aria-hidden />
      <div>
        <p className={classes.title}>We could not load {what}</p>
        <p className={classes.text}>Check your connection, then try again.</p>
        <Button display="flex" mt="sm" size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </div>
    </div>
  );
}
