import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PhotoViewer } from './PhotoViewer.tsx';
import type { Photo } from './PhotoViewer.tsx';

const photos: Photo[] = [
  { label: 'Thermal image', name: 'IR_0142.jpg', src: 'blob:thermal' },
  { label: 'Visual image', name: 'DC_0142.jpg', src: 'blob:visual' },
];

function Viewer({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <>
      <PhotoViewer photos={photos} index={index} onIndexChange={setIndex} />
      <output>{index === null ? 'closed' : `showing ${index}`}</output>
    </>
  );
}

describe('PhotoViewer', () => {
  it('zooms with the buttons and the keyboard, and moves between photos', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Viewer />);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Thermal image' })).toHaveAttribute('src', 'blob:thermal');
    expect(within(dialog).getByText('Photo 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150%')).toBeInTheDocument();
    expect(within(dialog).getByRole('img').style.transform).toContain('scale(1.5)');

    const stage = within(dialog).getByRole('group');
    fireEvent.keyDown(stage, { key: '+' });
    expect(within(dialog).getByText('225%')).toBeInTheDocument();
    fireEvent.keyDown(stage, { key: '0' });
    expect(within(dialog).getByText('100%')).toBeInTheDocument();

    // The next photo opens at its normal size, whatever the zoom on this one.
    fireEvent.keyDown(stage, { key: '+' });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(within(dialog).getByText('Photo 2 of 2')).toBeInTheDocument();
    expect(within(dialog).getByText('100%')).toBeInTheDocument();
    expect(within(dialog).getByRole('img').style.transform).toContain('scale(1)');
    expect(within(dialog).getByRole('img', { name: 'Visual image' })).toHaveAttribute('src', 'blob:visual');
    // From the last photo, on to the first again.
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByText('Photo 1 of 2')).toBeInTheDocument();
  });

  it('moves on with a swipe at normal size, and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Viewer />);
    const dialog = await screen.findByRole('dialog');
    const stage = within(dialog).getByRole('group');
    stage.setPointerCapture = () => {};

    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 400, clientY: 300 });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 250, clientY: 310 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 250, clientY: 310 });
    expect(screen.getByText('showing 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
