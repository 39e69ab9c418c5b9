import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import type { NotificationsProps } from '@mantine/notifications';

/**
 * Where the signed-in app's notices appear. Never at the top: there they covered the page title and
 * its actions (Edit, Save) just below the sticky header. On a desktop they sit bottom-right, beside
 * the content's end; below the navigation's breakpoint (a tablet, a phone) the screen is one column
 * wide, so they sit bottom-centre, no wider than a notice needs.
 */
export function noticePosition(wide: boolean): NonNullable<NotificationsProps['position']> {
  return wide ? 'bottom-right' : 'bottom-center';
}

/** At most three notices at a time: a burst of saves stacks no higher than the lower third. */
export const noticeLimit = 3;

export function Notices() {
  const theme = useMantineTheme();
  // The navigation's breakpoint (AppLayout): beside it, the page has room on the right.
  const wide = useMediaQuery(`(min-width: ${em(theme.breakpoints.md)})`, true) ?? true;
  return (
    <Notifications
      position={noticePosition(wide)}
      limit={noticeLimit}
      containerWidth={wide ? 440 : 'min(440px, calc(100vw - 2rem))'}
    />
  );
}
