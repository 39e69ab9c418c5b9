import { defineEntity, f, op, route } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { multipartFormSchema } from '../src/engine/openapi-bodies.ts';
import { recordView } from '../src/engine/records/views.ts';
import type { StoredRecord } from '../src/engine/records/read-shapes.ts';

/**
 * Files some equipment classes have and others not (contract `imagesOf`), as the server reads and
 * describes them. A declaration of its own: the first technique with such a file is SACP's.
 */
const probe = defineEntity('variantFilesServerProbe', {
  label: 'Variant files probe',
  module: 'sacp',
  variants: ['pipe', 'structure'],
  fields: { finding: f.longText({ maxLength: 100 }) },
  images: {
    isometricImage: f.image({ label: 'Isometric', variants: ['pipe'] }),
    equipmentImage: f.image({ label: 'Equipment', variants: ['structure'] }),
  },
  imageLists: { routePhotos: f.imageList({ types: ['overview'], variants: ['pipe'] }) },
});

const stored = (variant: string) =>
  ({ id: '00000000-0000-4000-8000-000000000001', variant, finding: 'x' }) as unknown as StoredRecord;

describe('files limited to some variants', () => {
  it('are in the view of a record of those variants only', () => {
    const pipe = recordView(probe, stored('pipe'));
    expect(pipe).toMatchObject({ isometricImage: null, routePhotos: [] });
    expect(pipe).not.toHaveProperty('equipmentImage');
    const structure = recordView(probe, stored('structure'));
    expect(structure).toMatchObject({ equipmentImage: null });
    expect(structure).not.toHaveProperty('isometricImage');
    expect(structure).not.toHaveProperty('routePhotos');
  });

  it('are the file parts the OpenAPI form of that variant describes', () => {
    const form = (variant: string) =>
      Object.keys(
        multipartFormSchema(
          route('POST', `/probe-${variant}`, op.create(probe, 'multipart', { variant }), {
            summary: 'Probe',
            tag: 'Probe',
          }),
        )!.shape,
      );
    expect(form('structure')).toContain('equipmentImage');
    expect(form('structure')).not.toContain('isometricImage');
    expect(form('structure')).not.toContain('routePhotos');
    expect(form('pipe')).toEqual(expect.arrayContaining(['isometricImage', 'routePhotos']));
  });
});
