import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

function MantineAnchor({ ref, ...props }: AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor ref={ref} {...props} />;
}

/** A Mantine anchor that is a typed router link (checked `to` and `search`). */
export const AnchorLink = createLink(MantineAnchor);
