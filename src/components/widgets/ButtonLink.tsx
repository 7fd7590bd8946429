import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

function MantineButtonAnchor({ ref, ...props }: ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" ref={ref} {...props} />;
}

/** A Mantine button that is a typed router link (checked `to` and `search`), as AnchorLink is for anchors. */
export const ButtonLink = createLink(MantineButtonAnchor);
