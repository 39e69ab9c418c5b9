import { describe, expect, it } from 'vitest';
import {
  checkRowTemplate,
  d,
  defineTechnique,
  flowrate,
  flowrateInspection,
  flowrateMeasurement,
  flowrateMeasurementPipe,
  lubeOilTemplate,
  reportHeader,
  rowTemplates,
  vibrationOperatingTemplate,
  srutGeneralView,
  srutInspection,
  templateRowValues,
  templatesFor,
  thermalAnalysis,
  vciSummary,
} from '../src/index.ts';
import type { RowTemplate } from '../src/index.ts';

const attempts: RowTemplate = {
  parent: flowrateInspection,
  rows: flowrateMeasurement,
  variants: ['rotating-equipment'],
  items: [{ attemp: 1 }, { attemp: 2 }, { attemp: 3 }],
};

describe('a row template, declared', () => {
  it('is checked where it is declared: rows under the parent, of its classes, items valid creates', () => {
    expect(checkRowTemplate(attempts)).toBe(attempts);
    // Not under the parent.
    expect(() => checkRowTemplate({ ...attempts, rows: vciSummary })).toThrow(
      /is not under flowrateInspection/,
    );
    // A class the parent does not have, and one the rows do not have (a line holds no attempts).
    expect(() => checkRowTemplate({ ...attempts, variants: ['storage-tank'] })).toThrow(/not a variant/);
    expect(() => checkRowTemplate({ ...attempts, variants: ['pipe'] })).toThrow(/has no pipe records/);
    expect(() => checkRowTemplate({ ...attempts, variants: undefined })).toThrow(/has no pipe records/);
    // An item the rows' create refuses: a negative attempt, a field the rows do not have.
    expect(() => checkRowTemplate({ ...attempts, items: [{ attemp: -1 }] })).toThrow(/item 0 .*attemp/);
    expect(() => checkRowTemplate({ ...attempts, items: [{ attemp: 1 }, { lineValve: 'V-1' }] })).toThrow(
      /item 1/,
    );
    // Rows a template cannot make: a second record of one per parent, a record needing a photo.
    expect(() => checkRowTemplate({ parent: reportHeader, rows: thermalAnalysis, items: [{}, {}] })).toThrow(
      /holds one record per reportHeader/,
    );
    expect(() =>
      checkRowTemplate({ parent: srutInspection, rows: srutGeneralView, items: [{ imageType: 'north' }] }),
    ).toThrow(/needs a file \(imageFile\)/);
    // The condition and the copied fields read the parent's fields, into the rows' fields.
    expect(() => checkRowTemplate({ ...attempts, when: d.oneOf('machineGroup', ['group1']) })).toThrow(
      /has no machineGroup/,
    );
    expect(() => checkRowTemplate({ ...attempts, fromParent: { flowrateGPM: 'ratedFlow' } })).toThrow(
      /has no ratedFlow/,
    );
    expect(() =>
      checkRowTemplate({ ...attempts, fromParent: { flowrateInspectionId: 'reportHeaderId' } }),
    ).toThrow(/fromParent fills flowrateInspectionId/);
  });

  it('belongs to the technique of its entities', () => {
    const { module, method, description, slug, icon, color, entities, routes, workspace, complete } =
      flowrate;
    const config = {
      module,
      method: method!,
      description,
      slug,
      icon,
      color,
      entities,
      routes,
      workspace,
      complete,
    };
    expect(defineTechnique({ ...config, templates: [attempts] }).templates).toEqual([attempts]);
    expect(() =>
      defineTechnique({
        ...config,
        entities: [flowrateInspection, flowrateMeasurementPipe],
        routes: [],
        workspace: undefined,
        complete: {},
        templates: [attempts],
      }),
    ).toThrow(/row template is of entities declared here/);
    // The catalogue gathers its techniques' own: vibration's operating parameters, a lube-oil sample's components.
    expect(rowTemplates).toEqual([vibrationOperatingTemplate, lubeOilTemplate]);
  });
});

describe('the rows a new parent starts with', () => {
  const rated: RowTemplate = {
    ...attempts,
    when: d.gt(d.field('ratedFlowGPM'), d.number(0)),
    fromParent: { flowrateGPM: 'ratedFlowGPM' },
    items: [{ attemp: 4, remarks: 'At the rated flow' }],
  };
  const templates = [attempts, rated];

  it('are chosen by the parent’s class and values; an unknown condition chooses none', () => {
    const pump = { id: 'p', variant: 'rotating-equipment' };
    expect(templatesFor(templates, flowrateInspection, pump)).toEqual([attempts]);
    expect(templatesFor(templates, flowrateInspection, { ...pump, ratedFlowGPM: 420 })).toEqual([
      attempts,
      rated,
    ]);
    expect(templatesFor(templates, flowrateInspection, { ...pump, ratedFlowGPM: 0 })).toEqual([attempts]);
    expect(
      templatesFor(templates, flowrateInspection, { id: 'l', variant: 'pipe', ratedFlowGPM: 420 }),
    ).toEqual([]);
    expect(templatesFor(templates, flowrateMeasurement, pump)).toEqual([]);
  });

  it('start with their measured numbers blank, the parent’s fields copied, the item’s own values', () => {
    const parent = {
      id: '0b6f8a52-5f7a-4c1e-9d3b-2a7c1e4f5d60',
      variant: 'rotating-equipment',
      ratedFlowGPM: 420,
    };
    const [row] = templateRowValues(rated, parent);
    expect(row).toMatchObject({
      flowrateInspectionId: parent.id,
      attemp: 4,
      remarks: 'At the rated flow',
      flowrateGPM: 420,
      flowrateBPD: null,
      suctionPressurePsi: null,
      dischargePressurePsi: null,
      percentControlValveOpen: null,
    });
    // The rows' create reads them as a client's create: a number sent blank stays blank.
    const created = flowrateMeasurement.schemasFor('rotating-equipment').create.parse(row);
    expect(created).toMatchObject({ flowrateBPD: null, flowrateGPM: 420, attemp: 4 });
    expect(templateRowValues(attempts, parent).map((r) => r.attemp)).toEqual([1, 2, 3]);
  });
});
