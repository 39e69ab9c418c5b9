import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notices, noticeLimit, noticePosition } from './Notices.tsx';
import { theme } from './theme.ts';
import { windowOfWidth } from '../test/window-width.ts';

/** A desktop-wide window, or one narrower than every breakpoint. */
const windowIs = (wide: boolean) => windowOfWidth(wide ? 1366 : 0);

function showNotice() {
  render(
    <MantineProvider theme={theme} env="test">
      <Notices />
    </MantineProvider>,
  );
  act(() => notifications.show({ message: 'Work order saved' }));
}

afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('Notices', () => {
  it('never places notices at the top, where the title and its Edit button are', () => {
    expect(noticePosition(true)).toBe('bottom-right');
    expect(noticePosition(false)).toBe('bottom-center');
    expect(noticeLimit).toBeLessThanOrEqual(3);
  });

  it('shows a notice bottom-right on a desktop', async () => {
    windowIs(true);
    showNotice();
    const notice = await screen.findByText('Work order saved');
    expect(notice.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  });

  it('shows a notice bottom-centre on a tablet', async () => {
    windowIs(false);
    showNotice();
    const notice = await screen.findByText('Work order saved');
    expect(notice.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
  });
});
