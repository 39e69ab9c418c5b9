import { describe, expect, it } from 'vitest';
import { defineEntity } from '../src/entity.ts';
import { f } from '../src/fields.ts';

/** A record of the pipe-borne kind with files some classes do not have. */
const probe = defineEntity('variantFilesProbe', {
  label: 'Variant files probe',
  module: 'sacp',
  variants: ['pipe', 'pipeline', 'structure'],
  fields: { finding: f.longText({ maxLength: 100 }) },
  images: {
    isometricImage: f.image({ label: 'Isometric', variants: ['pipe', 'pipeline'] }),
    equipmentImage: f.image({ label: 'Equipment', variants: ['structure'] }),
  },
  imageLists: { routePhotos: f.imageList({ types: ['overview'], variants: ['pipeline'] }) },
});

describe('image slots and lists limited to some variants', () => {
  it('belong to the variants that name them, and every one when no variant is named', () => {
    expect(Object.keys(probe.imagesOf('structure'))).toEqual(['equipmentImage']);
    expect(Object.keys(probe.imagesOf('pipe'))).toEqual(['isometricImage']);
    expect(Object.keys(probe.imageListsOf('pipeline'))).toEqual(['routePhotos']);
    expect(Object.keys(probe.imageListsOf('pipe'))).toEqual([]);
    expect(Object.keys(probe.imagesOf(undefined))).toEqual(['isometricImage', 'equipmentImage']);
  });

  it('shape each variant’s response and bodies', () => {
    const structure = probe.schemasFor('structure');
    expect(Object.keys(structure.response.shape)).toContain('equipmentImage');
    expect(Object.keys(structure.response.shape)).not.toContain('isometricImage');
    expect(Object.keys(structure.create.shape)).not.toContain('routePhotos');
    expect(Object.keys(probe.schemasFor('pipeline').create.shape)).toContain('routePhotos');
  });

  it('refuse a variant the entity does not have', () => {
    expect(() =>
      defineEntity('badVariantFiles', {
        label: 'Bad',
        module: 'sacp',
        variants: ['pipe'],
        fields: {},
        images: { drawing: f.image({ variants: ['tank'] }) },
      }),
    ).toThrow('badVariantFiles.drawing: unknown variants tank');
  });
});
