import { defineEntity, f } from '@inspectra/contract';
import type { Attachment, EntityDefinition } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPayload } from '../api/payload.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { EntitySubmission } from './EntityForm.tsx';
import { ImageListField } from './ImageListField.tsx';
import type { GalleryItem } from './ImageListField.tsx';
import { shrinkPhoto } from './photo-shrink.ts';

vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));
// jsdom decodes no pixels: shrinking is proven in photo-shrink's own tests; here, that it is asked.
vi.mock('./photo-shrink.ts', () => ({ shrinkPhoto: vi.fn(async (file: File) => file) }));

const finding = defineEntity('galleryFinding', {
  label: 'Finding',
  module: 'walkthrough',
  fields: { area: f.text({ required: true }) },
  imageLists: {
    photos: f.imageList({ label: 'Photos', types: ['overview', 'closeUp', 'leak'], max: 3, maxSidePx: 1600 }),
  },
}) as unknown as EntityDefinition;

const storedPhoto = (id: string, position: number, imageType: string): Attachment => ({
  id,
  slot: 'photos',
  imageType,
  category: null,
  position,
  displayName: `${id}.jpg`,
  mediaType: 'image/jpeg',
  size: 2048,
  url: `/api/files/${id}`,
  createdAt: '2026-03-01T08:00:00.000Z',
});
const kept = [
  storedPhoto('0b6f7c1e-8c1d-4c57-9d55-2a4f1f7e9a01', 0, 'overview'),
  storedPhoto('0b6f7c1e-8c1d-4c57-9d55-2a4f1f7e9a02', 1, 'leak'),
];

/** A file that starts as a PNG does: the gallery judges files by their first bytes. */
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], name, {
    type: 'image/png',
  });

beforeEach(() => {
  vi.mocked(URL.createObjectURL).mockImplementation((file) => `blob:${(file as File).name}`);
});
afterEach(() => vi.clearAllMocks());

function Harness(p: {
  attachments?: Attachment[];
  showMissing?: boolean;
  onChange: (v: GalleryItem[] | undefined) => void;
}) {
  const [value, setValue] = useState<GalleryItem[] | undefined>();
  return (
    <ImageListField
      entity={finding}
      list="photos"
      attachments={p.attachments ?? []}
      value={value}
      showMissing={p.showMissing}
      onChange={(v) => {
        setValue(v);
        p.onChange(v);
      }}
    />
  );
}

const picker = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
const card = (position: RegExp) => screen.getByRole('listitem', { name: position });

async function chooseType(user: ReturnType<typeof userEvent.setup>, position: RegExp, type: string) {
  await user.click(within(card(position)).getByRole('combobox', { name: /Photo type/ }));
  await user.click(await screen.findByRole('option', { name: type }));
}

describe('ImageListField', () => {
  it('adds several photos at once, each shrunk to the list’s bound, and each takes its type', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness onChange={onChange} />);

    await user.upload(picker(container), [png('leak-1.png'), png('leak-2.png')]);

    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(vi.mocked(shrinkPhoto).mock.calls.map(([file, o]) => [file.name, o?.maxSidePx])).toEqual([
      ['leak-1.png', 1600],
      ['leak-2.png', 1600],
    ]);
    await chooseType(user, /^Photo 1 of 2/, 'Overview');
    await chooseType(user, /^Photo 2 of 2/, 'Leak');
    await user.type(within(card(/^Photo 2 of 2/)).getByLabelText('Caption'), 'Drip at flange');

    const last = onChange.mock.lastCall![0] as GalleryItem[];
    expect(last.map((i) => [i.file?.name, i.imageType, i.displayName])).toEqual([
      ['leak-1.png', 'overview', ''],
      ['leak-2.png', 'leak', 'Drip at flange'],
    ]);
  });

  it('marks a photo without its type once a save was tried', () => {
    renderWithProviders(
      <ImageListField
        entity={finding}
        list="photos"
        attachments={[]}
        value={[{ key: 'a', file: png('a.png'), imageType: null, displayName: '' }]}
        onChange={() => {}}
        showMissing
      />,
    );
    expect(within(card(/^Photo 1 of 1/)).getByText('Choose what this photo shows')).toBeInTheDocument();
  });

  it('reorders with buttons, keeps focus on the photo moved and says where it went', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness attachments={kept} onChange={onChange} />);

    const later = screen.getByRole('button', { name: 'Move Photo 1 of 2 later' });
    await user.click(later);

    const order = (onChange.mock.lastCall![0] as GalleryItem[]).map((i) => i.id);
    expect(order).toEqual([kept[1]!.id, kept[0]!.id]);
    expect(card(/^Photo 2 of 2/)).toHaveAccessibleName(`Photo 2 of 2: ${kept[0]!.displayName}`);
    // At the end now, its "later" arrow is disabled: focus goes to its "earlier" one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Photo 2 of 2 earlier' })).toHaveFocus(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Moved to position 2 of 2');
  });

  it('removes a photo, and undo brings the stored list back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness attachments={kept} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Remove Photo 1 of 2' }));
    expect((onChange.mock.lastCall![0] as GalleryItem[]).map((i) => i.id)).toEqual([kept[1]!.id]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Undo changes to Photos' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('refuses photos beyond the list’s maximum before anything is sent, and files that are no image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness attachments={kept} onChange={onChange} />);

    await user.upload(picker(container), [png('a.png'), png('b.png'), png('c.png')]);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'At most 3 photos fit in Photos: 2 of the photos chosen were not added.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose photos for Photos' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove Photo 3 of 3' }));
    await user.upload(picker(container), new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'report.pdf is not a JPEG, PNG, WebP or GIF image',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('EntityForm with an image list', () => {
  it('hands over the list as kept, and refuses to send a photo without its type', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: EntitySubmission) => {});
    const record = {
      id: '7d1c1d35-4a5e-4f0e-9a55-0f3d2d7a8a11',
      version: 4,
      area: 'Rack 4',
      photos: kept,
    };
    const { container } = renderWithProviders(
      <EntityForm entity={finding} record={record} onSubmit={onSubmit} />,
    );

    await user.click(screen.getByRole('button', { name: 'Remove Photo 1 of 2' }));
    await user.upload(picker(container), png('new.png'));
    await screen.findByRole('listitem', { name: /^Photo 2 of 2/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The new photo has no type yet: nothing is sent, and the photo says why.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Choose what this photo shows')).toBeInTheDocument();

    await chooseType(user, /^Photo 2 of 2/, 'Close up');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const submission = onSubmit.mock.calls[0]![0];
    expect(submission.imageLists.photos!.map((i) => [i.id, i.file?.name, i.imageType])).toEqual([
      [kept[1]!.id, undefined, 'leak'],
      [undefined, 'new.png', 'closeUp'],
    ]);

    // What goes over the wire: the new file under the list's name, and the list naming it by index.
    const body = buildPayload(
      finding,
      { values: submission.values, imageLists: submission.imageLists },
      'json-or-multipart',
    );
    const parts = (body as FormData).getAll('photos');
    expect((parts[0] as File).name).toBe('new.png');
    expect(JSON.parse(parts[1] as string)).toEqual([
      { id: kept[1]!.id, imageType: 'leak', displayName: kept[1]!.displayName },
      { file: 0, imageType: 'closeUp' },
    ]);
  });

  it('takes documents into a list of files: judged by their bytes, not shrunk, shown by name, each with its category', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const paut = defineEntity('fileListRecord', {
      label: 'Inspection',
      module: 'paut',
      fields: { procedureNo: f.text() },
      imageLists: {
        additionalFiles: f.fileList({
          label: 'Additional files',
          categories: ['procedure', 'calibrationCertificate'],
        }),
      },
    }) as unknown as EntityDefinition;
    function Files() {
      const [value, setValue] = useState<GalleryItem[] | undefined>();
      return (
        <ImageListField
          entity={paut}
          list="additionalFiles"
          attachments={[]}
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      );
    }
    const { container } = renderWithProviders(<Files />);
    expect(screen.getByText(/PDF, Word, Excel, PNG, JPEG, TIFF or DWG/)).toBeInTheDocument();
    // A document is not a photo: no camera on any screen.
    expect(screen.queryByRole('button', { name: /Take photos/ })).not.toBeInTheDocument();

    const pdf = new File([new TextEncoder().encode('%PDF-1.7\n%…')], 'calibration.pdf', {
      type: 'application/pdf',
    });
    const text = new File(['just notes'], 'notes.pdf', { type: 'application/pdf' });
    await user.upload(picker(container), [pdf, text]);

    expect(
      await screen.findByText('notes.pdf is not a PDF, Word, Excel, PNG, JPEG, TIFF or DWG file'),
    ).toBeInTheDocument();
    const item = card(/^File 1 of 1/);
    expect(within(item).getByText('calibration.pdf')).toBeInTheDocument();
    expect(shrinkPhoto).not.toHaveBeenCalled();
    await user.click(within(item).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Calibration certificate' }));
    const last = onChange.mock.lastCall![0] as GalleryItem[];
    expect(last.map((i) => [i.file?.name, i.category])).toEqual([
      ['calibration.pdf', 'calibrationCertificate'],
    ]);
  });
});
