import { Anchor, Button, Card, NavLink } from '@mantine/core';
import type { AnchorProps, ButtonProps, CardProps, NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/**
 * Mantine components as router links: `createLink` keeps the router's checks on `to` and `params`
 * (a wrong screen path is a compile error), which `component={Link}` on a Mantine component loses.
 */
export const AnchorLink = createLink((props: AnchorProps & ComponentPropsWithRef<'a'>) => (
  <Anchor component="a" {...props} />
));
export const ButtonLink = createLink((props: ButtonProps & ComponentPropsWithRef<'a'>) => (
  <Button component="a" {...props} />
));
export const NavLinkLink = createLink((props: NavLinkProps & ComponentPropsWithRef<'a'>) => (
  <NavLink component="a" {...props} />
));
export const CardLink = createLink((props: CardProps & ComponentPropsWithRef<'a'>) => (
  <Card component="a" {...props} />
));
