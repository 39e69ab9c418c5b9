import { describe, expect, it } from 'vitest';
import {
  entityCalls,
  equipment,
  flowrateMeasurement,
  op,
  route,
  routeOutcomes,
  routeSuccess,
  routeTable,
  walkthroughInspection,
} from '../src/index.ts';

/** SPEC 8: "Ultrasound helpers default success messages to …, with default status 200 (201 on create)". */
const spec8 = {
  created: 'Ultrasound inspection created successfully',
  updated: 'Ultrasound inspection updated successfully',
  deleted: 'Ultrasound inspection deleted successfully',
};

describe('a call’s success message and status, declared', () => {
  const calls = entityCalls(
    walkthroughInspection,
    '/ultrasound-inspection',
    {
      get: { id: 'path' },
      create: { body: 'json', message: spec8.created },
      update: { body: 'json', id: 'path', message: spec8.updated },
      delete: { id: 'path', message: spec8.deleted },
    },
    { tag: 'Ultrasound', variant: 'pipe' },
  );
  const [get, create, update, remove] = calls;

  it('travels on the route rows of the technique’s calls, exactly', () => {
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /ultrasound-inspection/:id',
      'POST /ultrasound-inspection',
      'PUT /ultrasound-inspection/:id',
      'DELETE /ultrasound-inspection/:id',
    ]);
    expect(routeSuccess(create!)).toEqual({ status: 201, message: spec8.created });
    expect(routeSuccess(update!)).toEqual({ status: 200, message: spec8.updated });
    expect(routeSuccess(remove!)).toEqual({ status: 200, message: spec8.deleted });
    // A read says nothing of its own.
    expect(routeSuccess(get!)).toEqual({ status: 200 });
  });

  it('leaves the engine’s words where a call declares none, and a status may be declared alone', () => {
    const [plain, quiet] = entityCalls(
      flowrateMeasurement,
      '/flowrate-measurement',
      { create: { body: 'json', status: 200 }, delete: 'query' },
      { tag: 'Flowrate', variant: 'rotating-equipment' },
    );
    expect(routeSuccess(plain!)).toEqual({ status: 200, message: 'Flowrate measurement created' });
    expect(routeSuccess(quiet!)).toEqual({ status: 200, message: 'Flowrate measurement deleted' });
    expect(plain).not.toHaveProperty('message');
  });

  it('serves an entity without classes: no variant in its tag or summaries', () => {
    const [one] = entityCalls(equipment, '/equipment-probe', { get: { id: 'path' } }, { tag: 'Asset' });
    expect(one).toMatchObject({ tag: 'Asset', summary: 'Equipment: one by id (/{id})' });
    expect(one!.operation).toMatchObject({ kind: 'get', variant: undefined });
  });

  it('says one message per outcome for an upsert, 201 when it creates', () => {
    const upsert = route('POST', '/equipment/upsert', op.upsert(equipment), {
      summary: 'Create or update equipment',
      tag: 'Asset',
      message: { created: 'Equipment added', updated: 'Equipment changed' },
    });
    expect(routeOutcomes(upsert)).toEqual(['created', 'updated']);
    expect(routeSuccess(upsert, 'created')).toEqual({ status: 201, message: 'Equipment added' });
    expect(routeSuccess(upsert, 'updated')).toEqual({ status: 200, message: 'Equipment changed' });
  });

  it('is the one home of every write’s words in the route table', () => {
    for (const r of routeTable) {
      const op = r.operation;
      if (op.kind !== 'create' && op.kind !== 'update' && op.kind !== 'delete') continue;
      const said = routeSuccess(r);
      expect(said.message, `${r.method} ${r.path}`).toBeDefined();
      expect(said.status).toBe(r.status ?? (op.kind === 'create' ? 201 : 200));
    }
  });
});
