import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ImageField } from './ImageField.tsx';
import { shrinkPhoto } from './photo-shrink.ts';
import type { ImageFieldProps } from './ImageField.tsx';

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));
// jsdom cannot decode pixels; shrinking is proven in photo-shrink's tests. Here: what the slot does with it.
vi.mock('./photo-shrink.ts', () => ({ shrinkPhoto: vi.fn(async (file: File) => file) }));

const stored = { url: '/api/files/1', displayName: 'IR_0001.jpg', size: 120_000 };

beforeEach(() => {
  // A preview URL per file, so a test can tell which file is shown and which URL was let go.
  vi.mocked(URL.createObjectURL).mockImplementation((file) => `blob:${(file as File).name}`);
  vi.mocked(URL.revokeObjectURL).mockClear();
});

afterEach(() => vi.restoreAllMocks());

/** What `useMediaQuery('(pointer: coarse)')` sees on a tablet. */
function onTouchDevice() {
  const mouse = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...mouse(query),
    matches: query === '(pointer: coarse)' || mouse(query).matches,
  }));
}

/** The field with its value held in state, as a form holds it; every change is also recorded. */
function Harness(p: Partial<ImageFieldProps> & { onChange: ImageFieldProps['onChange'] }) {
  const [value, setValue] = useState<File | null | undefined>(p.value);
  return (
    <ImageField
      label="Thermal image"
      {...p}
      value={value}
      onChange={(v) => {
        setValue(v);
        p.onChange(v);
      }}
    />
  );
}

function picker(container: HTMLElement) {
  return container.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
}

/** A file of `bytes` bytes that starts as a PNG does (the field judges files by their first bytes). */
function png(name: string, bytes: number) {
  const content = new Uint8Array(bytes);
  content.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, bytes));
  return new File([content], name, { type: 'image/png' });
}

describe('ImageField', () => {
  it('refuses a file over the size limit before anything is sent', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} maxBytes={1024 * 1024} />);

    await user.upload(picker(container), png('huge.png', 1024 * 1024 + 1));

    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 1 MB');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('huge.png')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Thermal image' })).toHaveAccessibleDescription(
      'The file is larger than 1 MB',
    );
  });

  it('judges the size of the photo as shrunk for upload, and hands over the shrunk one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const shrunk = png('big.jpg', 300 * 1024);
    vi.mocked(shrinkPhoto).mockResolvedValueOnce(shrunk);
    const { container } = renderWithProviders(<Harness onChange={onChange} maxBytes={1024 * 1024} />);

    await user.upload(picker(container), png('big.png', 4 * 1024 * 1024));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(shrunk));
    expect(vi.mocked(shrinkPhoto).mock.lastCall?.[0].name).toBe('big.png');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG, PNG, WebP or GIF image', async () => {
    // The browser's picker filters by type; a drop or a permissive picker does not.
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} />);

    await user.upload(picker(container), new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'report.pdf is not a JPEG, PNG, WebP or GIF image',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a text file renamed .png by its bytes, and says so on the field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} />);

    // The browser calls it image/png from its name; the bytes say otherwise.
    const renamed = new File(['site notes, not a photo\n'], 'notes.png', { type: 'image/png' });
    await user.upload(picker(container), renamed);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.png is not a JPEG, PNG, WebP or GIF image',
    );
    expect(screen.getByRole('group', { name: 'Thermal image' })).toHaveAccessibleDescription(
      'notes.png is not a JPEG, PNG, WebP or GIF image',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    // A real image of each kind the server takes is accepted, whatever type the browser guessed.
    const gif = new File(['GIF89a\x01\x00'], 'scan.bin', { type: '' });
    await user.upload(picker(container), gif);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(gif));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('accepts a valid image and previews it with its name and size', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} />);
    const file = png('panel.png', 2048);

    await user.upload(picker(container), file);

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(file));
    expect(await screen.findByRole('img', { name: 'Preview of Thermal image' })).toHaveAttribute(
      'src',
      'blob:panel.png',
    );
    expect(screen.getByText('panel.png')).toBeInTheDocument();
    expect(screen.getByText('2 kB')).toBeInTheDocument();
    expect(screen.getByText('New, not saved yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no camera on a computer', () => {
    renderWithProviders(<Harness onChange={vi.fn()} />);

    expect(screen.getByRole('button', { name: 'Choose image for Thermal image' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take photo/ })).not.toBeInTheDocument();
  });

  it('takes a photo with the camera on a tablet, through the same checks', async () => {
    onTouchDevice();
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} maxBytes={1000} />);
    const camera = container.querySelector<HTMLInputElement>('input[capture="environment"]')!;
    const openCamera = vi.spyOn(camera, 'click').mockImplementation(() => {});

    await user.click(await screen.findByRole('button', { name: 'Take photo for Thermal image' }));
    expect(openCamera).toHaveBeenCalledTimes(1);

    await user.upload(camera, png('IMG_2001.png', 5000));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than');
    expect(onChange).not.toHaveBeenCalled();

    const small = png('IMG_2002.png', 500);
    await user.upload(camera, small);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(small));
    expect(await screen.findByText('IMG_2002.png')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the stored image and removes it with null', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} attachment={stored} />);

    expect(screen.getByRole('img', { name: 'Preview of Thermal image' })).toHaveAttribute(
      'src',
      'blob:stored-/api/files/1',
    );
    expect(screen.getByText('IR_0001.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Thermal image' }));

    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Removed when you save')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('undoes a replacement back to the stored image', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} attachment={stored} />);

    await user.upload(picker(container), png('new.png', 100));
    expect(await screen.findByText('new.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo changes to Thermal image' }));

    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByText('IR_0001.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  it('revokes the preview of a replaced or undone file, and when the field goes away', async () => {
    const user = userEvent.setup();
    const { container, unmount } = renderWithProviders(<Harness onChange={vi.fn()} attachment={stored} />);
    const preview = () => screen.getByRole('img', { name: 'Preview of Thermal image' });

    await user.upload(picker(container), png('first.png', 100));
    await waitFor(() => expect(preview()).toHaveAttribute('src', 'blob:first.png'));
    await user.upload(picker(container), png('second.png', 100));
    await waitFor(() => expect(preview()).toHaveAttribute('src', 'blob:second.png'));
    expect(URL.revokeObjectURL).toHaveBeenLastCalledWith('blob:first.png');

    await user.click(screen.getByRole('button', { name: 'Undo changes to Thermal image' }));
    expect(preview()).toHaveAttribute('src', 'blob:stored-/api/files/1');
    expect(URL.revokeObjectURL).toHaveBeenLastCalledWith('blob:second.png');

    await user.upload(picker(container), png('third.png', 100));
    await waitFor(() => expect(preview()).toHaveAttribute('src', 'blob:third.png'));
    unmount();
    expect(vi.mocked(URL.revokeObjectURL).mock.calls.map(([url]) => url)).toEqual([
      'blob:first.png',
      'blob:second.png',
      'blob:third.png',
    ]);
  });

  it('shows an error from the server as the slot’s description', () => {
    renderWithProviders(
      <Harness onChange={vi.fn()} attachment={stored} error="The image could not be stored" />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('The image could not be stored');
    expect(screen.getByRole('group', { name: 'Thermal image' })).toHaveAccessibleDescription(
      'The image could not be stored',
    );
  });
});
