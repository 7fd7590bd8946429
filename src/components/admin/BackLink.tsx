import { Anchor, type AnchorProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import classes from './BackLink.module.css';

function BackAnchor({ ref, className, children, ...props }: AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <Anchor ref={ref} size="sm" className={className ? `${classes.back} ${className}` : classes.back} {...props}>
      <IconArrowLeft size={14} aria-hidden />
      {children}
    </Anchor>
  );
}

/**
 * The link above a record back to where it was opened from ("← Tours"): a typed router link, only as
 * wide as its words so the row's empty space beside it is not a link.
 */
export const BackLink = createLink(BackAnchor);
