import { motionMagnificationSummary } from '@inspectra/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { RecordDrawer } from './RecordDrawer.tsx';

const attachment = (id: string, slot: string, mediaType: string, displayName: string) => ({
  id,
  slot,
  imageType: null,
  category: null,
  position: 0,
  displayName,
  mediaType,
  size: 4096,
  url: `/api/files/${id}`,
  createdAt: '2026-11-18T08:00:00.000Z',
});

describe('RecordDrawer', () => {
  it('plays a video slot from the server, rather than showing it as a photo', async () => {
    renderWithProviders(
      <RecordDrawer
        entity={motionMagnificationSummary}
        title="North side"
        onClose={() => {}}
        record={{
          id: 'a1',
          variant: 'pressure-vessel',
          shootingAreaOrCameraDirection: 'North side, grade level',
          velAmplitude: 8.4,
          magnificationVideo: attachment('v1', 'magnificationVideo', 'video/mp4', 'V-310 north.mp4'),
          deflectionDirection: attachment('p1', 'deflectionDirection', 'image/png', 'deflection.png'),
          motionIntensitySpectrum: null,
          summaryImages: [],
        }}
      />,
    );
    const player = await screen.findByLabelText('Video: Magnification video');
    expect(player.tagName).toBe('VIDEO');
    // Fetched by the element in parts as it plays, not read whole into the page first.
    expect(player).toHaveAttribute('src', '/api/files/v1');
    expect(screen.getByText('V-310 north.mp4')).toBeInTheDocument();
    const photos = screen.getByRole('heading', { name: 'Photos' }).closest('section')!;
    expect(within(photos).getByRole('button', { name: 'Open Deflection direction full size' })).toBeVisible();
    expect(within(photos).queryByRole('button', { name: /Magnification video/ })).toBeNull();
  });

  it('opens the next record with its photos closed, though the last one closed under its viewer', async () => {
    const user = userEvent.setup();
    const record = (id: string) => ({
      id,
      variant: 'pressure-vessel',
      deflectionDirection: attachment(`p-${id}`, 'deflectionDirection', 'image/png', `${id}.png`),
      summaryImages: [],
    });
    let show: (shown: Record<string, unknown> | null) => void = () => {};
    function Drawer() {
      const [shown, setShown] = useState<Record<string, unknown> | null>(record('a1'));
      show = setShown;
      return (
        <RecordDrawer entity={motionMagnificationSummary} title="Area" onClose={() => {}} record={shown} />
      );
    }
    renderWithProviders(<Drawer />);
    await user.click(await screen.findByRole('button', { name: 'Open Deflection direction full size' }));
    expect(await screen.findByText('a1.png')).toBeInTheDocument();
    // The drawer closes under the viewer (Escape reaches it), then another record is opened.
    act(() => show(null));
    act(() => show(record('b2')));
    expect(await screen.findByRole('button', { name: 'Open Deflection direction full size' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText('b2.png')).toBeNull());
  });
});
