import { defineEntity, f } from '@inspectra/contract';

/** A small entity with one field of each common kind, for the engine's tests. */
export const sampleInspection = defineEntity('sampleInspection', {
  label: 'Sample inspection',
  module: 'thermal',
  fields: {
    parentId: f.ref('parent', { required: true }),
    name: f.text({ label: 'Name', required: true, maxLength: 20 }),
    notes: f.longText({ maxLength: 50 }),
    pressure: f.number({ label: 'Pressure', unit: 'bar', min: 0, max: 2500, group: 'readings' }),
    count: f.integer({ label: 'Count', group: 'readings' }),
    inspectedOn: f.date({ label: 'Inspected on' }),
    passed: f.boolean({ label: 'Passed' }),
    condition: f.enumOf(['good', 'poor'], { label: 'Condition' }),
  },
  parent: 'parentId',
  images: { photo: f.image({ label: 'Photo' }) },
});
