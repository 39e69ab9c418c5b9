import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { VideoField } from './VideoField.tsx';
import type { VideoFieldProps } from './VideoField.tsx';

beforeEach(() => {
  vi.mocked(URL.createObjectURL).mockImplementation((file) => `blob:${(file as File).name}`);
});
afterEach(() => vi.restoreAllMocks());

/** The field with its value held in state, as a form holds it; every change is also recorded. */
function Harness(p: Partial<VideoFieldProps> & { onChange: VideoFieldProps['onChange'] }) {
  const [value, setValue] = useState<File | null | undefined>(p.value);
  return (
    <VideoField
      label="Magnification video"
      {...p}
      value={value}
      onChange={(v) => {
        setValue(v);
        p.onChange(v);
      }}
    />
  );
}

/** An MP4 as a camera writes its first bytes: an `ftyp` box of brand isom. */
function mp4(name: string, size = 4096) {
  const content = new Uint8Array(size);
  content.set([0, 0, 0, 0x14, ...Array.from('ftypisom', (c) => c.charCodeAt(0)), 0, 0, 2, 0]);
  content.set(
    Array.from('mp41', (c) => c.charCodeAt(0)),
    16,
  );
  return new File([content], name, { type: 'video/mp4' });
}

const picker = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]')!;
const player = () => screen.getByLabelText('Video: Magnification video');

describe('VideoField', () => {
  it('takes an MP4 and plays it before it is saved', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByText('MP4 or WebM, at most 512 MB')).toBeInTheDocument();
    await user.upload(picker(container), mp4('V-205 deflection.mp4'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.any(File)));
    // The player comes with the file's object URL, a render after the change.
    expect(await screen.findByLabelText('Video: Magnification video')).toHaveAttribute(
      'src',
      'blob:V-205 deflection.mp4',
    );
    expect(player()).toHaveAttribute('controls');
    expect(screen.getByText('New, not saved yet')).toBeInTheDocument();
  });

  it('refuses a file that is not a video, whatever its name, and one over the limit', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} maxBytes={2048} />);
    const renamed = new File(['just some text, not a recording'], 'clip.mp4', { type: 'video/mp4' });
    await user.upload(picker(container), renamed);
    expect(await screen.findByRole('alert')).toHaveTextContent('clip.mp4 is not an MP4 or WebM video');
    await user.upload(picker(container), mp4('long.mp4', 4096));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 2 kB');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('plays a stored video from the server, which sends it in parts, and removes it on request', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness
        onChange={onChange}
        attachment={{ url: '/api/files/7', displayName: 'deflection.webm', size: 48_000_000 }}
      />,
    );
    // The element asks the server itself (Range), not a copy of the whole file in memory.
    expect(player()).toHaveAttribute('src', '/api/files/7');
    expect(player()).toHaveAttribute('preload', 'metadata');
    await user.click(screen.getByRole('button', { name: 'Remove Magnification video' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Removed when you save')).toBeInTheDocument();
  });
});
