import { randomUUID } from 'node:crypto';
import { reportHeader, thermalMeasurement } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { recordScopes, repositories } from '../src/app.ts';
import { attachmentsOf } from '../src/engine/records/listed-images.ts';
import { signatureOf } from '../src/modules/auth/signatures.ts';
import { unscoped } from '../src/engine/record-scope.ts';
import { SqlStatements } from '../src/engine/records/statements.ts';
import { listConditions } from '../src/engine/records/list-query.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  jpegBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { preparedStatementsOf } from './statements-run.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('prepared statements over a replaced connection', () => {
  it('lists again after the connection that prepared the list was closed', async () => {
    const analysis = await createThermalAnalysis(t);
    await createThermalMeasurement(t, analysis.id);
    const url = `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis.id}`;
    expect((await t.call('GET', url)).status).toBe(200);
    // Close the pool's idle connections: a new one must not trip over statements the old one
    // prepared (on PGlite they live on in the one shared session).
    const pool = t.database.db.$client as pg.Pool;
    const held = await pool.connect();
    held.release(true);
    for (let i = 0; i < 3; i++) {
      const r = await t.call('GET', url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toHaveLength(1);
    }
    expect((await t.call('GET', '/api/auth/profile')).status).toBe(200);
  });
});

describe('statements written as SQL, prepared once per shape', () => {
  it('runs one by name on the database and in a transaction, answering as db.execute does', async () => {
    const statements = new SqlStatements('test_written');
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select ${sql.placeholder('day')}::date as day, ${sql.placeholder('n')}::int + 1 as next`;
    };
    const { db } = t.database;
    const [first] = await statements.execute(db, ['one'], build, { day: '2026-12-03', n: 1 }, 'shared');
    const [inTx] = await db.transaction((tx) =>
      statements.execute(tx, ['one'], build, { day: '2026-12-04', n: 2 }, 'shared'),
    );
    const [executed] = (await db.execute(sql`select ${'2026-12-03'}::date as day`)).rows;
    // Built once for the shape; the values change, and dates come back as text, as db.execute answers them.
    expect(builds).toBe(1);
    expect(first).toEqual({ day: '2026-12-03', next: 2 });
    expect(inTx).toEqual({ day: '2026-12-04', next: 3 });
    expect(typeof executed!.day).toBe(typeof first!.day);
    // A missing value is refused before anything reaches the database.
    await expect(statements.execute(db, ['one'], build, { day: '2026-12-03' }, 'shared')).rejects.toThrow(
      /n/,
    );
  });

  it('keeps apart the statements of two definitions of the same name, and reuses each one’s', async () => {
    const statements = new SqlStatements('test_definitions');
    const real = { module: 'vibration', grade: 'zone' };
    const own = { module: 'vibration', grade: 'group' };
    const builds: string[] = [];
    const read = (definition: typeof real) =>
      statements.run<{ grade: string }>(
        t.database.db,
        ['summary', definition],
        () => {
          builds.push(definition.grade);
          return sql`select ${definition.grade}::text as grade, ${sql.placeholder('n')}::int as n`;
        },
        { n: 1 },
        'shared',
      );
    expect(await read(real)).toEqual([{ grade: 'zone', n: 1 }]);
    // Same name, another definition: its own statement, not the first one's.
    expect(await read(own)).toEqual([{ grade: 'group', n: 1 }]);
    expect(await read(real)).toEqual([{ grade: 'zone', n: 1 }]);
    expect(builds).toEqual(['zone', 'group']);
  });
});

describe('a record read by id', () => {
  it('is one prepared statement per shape: open, under a company’s scope, held for a write', async () => {
    const report = await createReportHeader(t);
    const repo = repositories(recordScopes).get(reportHeader.name)!;
    const { db } = t.database;
    const everyone = unscoped('the test reads its own report');
    const another = { companyId: randomUUID() };
    const seen = await preparedStatementsOf(async () => {
      expect((await repo.find(db, report.id, everyone))?.reportNumber).toBe(report.reportNumber);
      // Another record, the same statement: only the id is a value.
      expect(await repo.find(db, randomUUID(), everyone)).toBeUndefined();
      // A contractor company's user finds nothing outside its scope (docs/company-scoping.md).
      expect(await repo.find(db, report.id, another)).toBeUndefined();
      await expect(repo.get(db, report.id, another)).rejects.toThrow(/was not found/);
      // Held for the caller's transaction, then free again for the next writer.
      await db.transaction(async (tx) => {
        expect((await repo.find(tx, report.id, everyone, { lock: true }))?.id).toBe(report.id);
      });
    });
    expect(seen.map((s) => s.key)).toEqual(['find', 'find', 'find:scoped', 'find:scoped', 'find:lock']);
    expect(seen[1]!.params).toEqual([seen[1]!.params[0], 1]);
    expect(seen[2]!.params).toContain(another.companyId);
    expect(seen[4]!.text).toMatch(/for update$/);
  });

  it('reads its files, and a user’s signature, by statements prepared once', async () => {
    const analysis = await createThermalAnalysis(t);
    const measurement = await createThermalMeasurement(
      t,
      analysis.id,
      {},
      {
        thermalImage: { name: 'ir.jpg', type: 'image/jpeg', bytes: jpegBytes },
      },
    );
    const { db } = t.database;
    const seen = await preparedStatementsOf(async () => {
      const files = await attachmentsOf(db, thermalMeasurement, [measurement.id, randomUUID()]);
      expect(files.map((f) => [f.ownerId, f.mediaType])).toEqual([[measurement.id, 'image/jpeg']]);
      // Another batch's ids, the same statement: none of these has a file.
      expect(await attachmentsOf(db, thermalMeasurement, [randomUUID()])).toEqual([]);
      expect(await signatureOf(db, randomUUID())).toBeUndefined();
    });
    // One statement for every entity's files (the entity is a value), one for the signature.
    expect(seen.map((s) => s.key)).toEqual(['of', 'of', 'current']);
    expect(seen[1]!.params).toContain(thermalMeasurement.name);
  });
});

describe('how a statement is planned', () => {
  const everyone = unscoped('the test reads its own rows');
  const page = { pageNumber: 1, pageSize: 20 };
  /** An analysis of three measurements tagged `${tag}-0` to `-2`, and the measurements' repository. */
  async function threeRows(tag: string) {
    const analysis = await createThermalAnalysis(t);
    for (let i = 0; i < 3; i++) await createThermalMeasurement(t, analysis.id, { tagNumber: `${tag}-${i}` });
    return { analysis, repo: repositories(recordScopes).get(thermalMeasurement.name)! };
  }

  it('shares a plan where only ids are bound, and plans a search, a filter or a scope for its values', async () => {
    const { analysis, repo } = await threeRows('PLAN');
    const { db } = t.database;
    const seen = await preparedStatementsOf(async () => {
      await repo.page(db, { ...page, parentId: analysis.id, scope: everyone });
      await repo.page(db, { ...page, parentId: analysis.id, search: 'PLAN-1', scope: everyone });
      // A company's rows of one parent: off the parent's index whichever the company.
      await repo.page(db, { ...page, parentId: analysis.id, scope: { companyId: randomUUID() } });
      // A company's rows of the whole table: few or most of them.
      await repo.page(db, { ...page, scope: { companyId: randomUUID() } });
      await repo.find(db, analysis.id, everyone);
    });
    expect(seen.map((s) => [s.key.split(':')[0], s.planning])).toEqual([
      ['page', 'shared'],
      ['page', 'perValues'],
      ['page', 'shared'],
      ['page', 'perValues'],
      ['find', 'shared'],
    ]);
  });

  it('keeps the plan of a list by parent on the connection, and no plan of a search', async () => {
    const { analysis, repo } = await threeRows('KEPT');
    // One transaction: one connection, whose prepared statements the database lists.
    const kept = await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 8; i++) {
        const byParent = await repo.page(tx, { ...page, parentId: analysis.id, scope: everyone });
        expect(byParent.rows).toHaveLength(3);
        const searched = await repo.page(tx, {
          ...page,
          parentId: analysis.id,
          search: `KEPT-${i % 3}`,
          scope: everyone,
        });
        expect(searched.rows.map((r) => r.tagNumber)).toEqual([`KEPT-${i % 3}`]);
      }
      const { rows } = await tx.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
        sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like '%thermal_measurement%' and statement like '%thermal_analysis_id%'`,
      );
      return rows;
    });
    // The list by parent: planned for its values five times, then one plan for any parent.
    const byParent = kept.filter((s) => !/ilike/i.test(s.statement));
    expect(byParent.length).toBeGreaterThan(0);
    expect(byParent.some((s) => s.generic_plans > 0)).toBe(true);
    // Its size written in: bound, PostgreSQL weighs the one plan as if a page were a tenth of a
    // parent's rows, and keeps planning each request (paging.ts `writtenPageSizes`).
    expect(byParent.some((s) => s.generic_plans > 0 && /limit 20$/.test(s.statement.trim()))).toBe(true);
    // The search went unnamed: planned for each term, never kept.
    expect(kept.filter((s) => /ilike/i.test(s.statement))).toEqual([]);
  });
});

describe('a declared list’s conditions in its statement', () => {
  it('writes a closed set’s values in, a statement per set, and shares the plan of a key', async () => {
    const seen = await preparedStatementsOf(async () => {
      for (const query of [
        'status=belowRequired,approaching',
        'status=approaching,belowRequired',
        'status=ok',
        'equipmentNo=P-101',
      ]) {
        const r = await t.call('GET', `/api/thickness-locations?${query}`);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
    });
    const pages = seen.filter((s) => s.key.startsWith('page:'));
    expect(pages.map((s) => s.key.slice(s.key.indexOf('where_')))).toEqual([
      'where_status=approaching|belowRequired',
      'where_status=approaching|belowRequired',
      'where_status=ok',
      'where_equipmentNo',
    ]);
    // The states in the statement's text, none bound; one statement for either order asked; one
    // state an equality, which the (status, equipment, name) index returns in the list's order.
    expect(pages[0]!.text).toContain(`"status" in ('approaching', 'belowRequired')`);
    // Two states: each one's rows off the (status, equipment, name) index in order, merged.
    expect(pages[0]!.text).toMatch(/"status" = 'approaching'.*union all.*"status" = 'belowRequired'/s);
    expect(pages[2]!.text).not.toContain('union all');
    expect(pages[0]!.text).toBe(pages[1]!.text);
    expect(pages[2]!.text).toContain(`"status" = 'ok'`);
    expect(pages[3]!.params).toContain('P-101');
    expect(pages.map((s) => s.planning)).toEqual(['shared', 'shared', 'shared', 'shared']);
    // Each a first page read straight off the index, rows and all: no page of ids joined back.
    expect(pages.map((s) => s.key.split(':')[1])).toEqual(['top', 'top', 'top', 'top']);
  });

  it('binds a value outside the set, planned for it, and never writes it into the text', async () => {
    const repo = repositories(recordScopes).get(thermalMeasurement.name)!;
    const declared = {
      name: 'test_closed_set',
      conditions: {
        tag: { field: 'tagNumber', value: ['a', 'b'] },
      },
    };
    const ask = (tag: unknown) =>
      listConditions(repo, { scope: unscoped('a test of the statement'), declared, filterValues: { tag } });
    const inSet = ask(['b', 'a']);
    expect(inSet.values).toEqual({});
    expect(inSet.shape).toBe('list:test_closed_set,where_tag=a|b');
    expect(inSet.planning).toBe('shared');
    const outside = ask(['a', "x'); drop table thermal_measurement; --"]);
    expect(outside.values).toEqual({ where_tag: ['a', "x'); drop table thermal_measurement; --"] });
    expect(outside.planning).toBe('perValues');
    const text = (where: SQL | undefined) => new PgDialect().sqlToQuery(where!).sql;
    expect(text(outside.where)).not.toContain('drop table');
    // Bound, several values and one are statements of their own: `= any($1)` against `= $1`.
    expect(outside.shape).toBe('list:test_closed_set,where_tag[]');
    expect(text(outside.where)).toMatch(/= any\(\$1\)/);
    const one = ask("x'; --");
    expect(one.shape).toBe('list:test_closed_set,where_tag');
    expect(text(one.where)).toMatch(/"tag_number" = \$1/);
  });
});
