import type { EntityDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EntityTable } from '../entity-table.ts';
import type { EntityScope, ReadScope } from '../record-scope.ts';
import { RangeDensity } from './range-density.ts';
import { PreparedStatements, SqlStatements } from './statements.ts';

/**
 * One declared entity's table as its reads see it: its columns by field key, its scope, its
 * prepared statements and statistics. The files that read lists (list-query.ts, list-order.ts,
 * paging.ts, short-search.ts, unpaged.ts, views.ts) read it; the repository (repository.ts) is one.
 */
export class RecordTable {
  readonly entity: EntityDefinition;
  readonly table: EntityTable;
  /** The table's columns by field key. */
  readonly columns: Record<string, AnyPgColumn>;
  /** How its records are scoped: by a condition, or plant-wide (record-scope.ts). */
  readonly scope: EntityScope;
  /** Its reads' prepared statements, by database and shape. */
  readonly statements: PreparedStatements;
  /** Its reads written as SQL (what a list adds to its rows, enrichment.ts), by shape. */
  readonly written: SqlStatements;
  /** The planner's statistics of its ranged fields, as a date range's page uses them. */
  readonly density: RangeDensity;
  private readonly sortAs: Readonly<Record<string, SQL>>;

  constructor(
    entity: EntityDefinition,
    table: EntityTable,
    o: {
      scope: EntityScope;
      /**
       * How a field sorts when not by its column: a hand-written table's index over an expression
       * (user names, case aside: `lower(username)`). The list order's keys stay the fields.
       */
      sortAs?: Readonly<Record<string, SQL>>;
    },
  ) {
    this.entity = entity;
    this.table = table;
    this.columns = table as unknown as Record<string, AnyPgColumn>;
    this.scope = o.scope;
    this.sortAs = o.sortAs ?? {};
    this.statements = new PreparedStatements(entity.table);
    this.written = new SqlStatements(entity.table);
    this.density = new RangeDensity(entity, (field) => this.column(field).name);
  }

  /** Whether a contractor company's user sees only some of its records. */
  get companyScoped(): boolean {
    return 'condition' in this.scope;
  }

  /** The company whose scope applies to a read, or undefined when the read sees every record. */
  scopedCompany(scope: ReadScope): string | undefined {
    return 'companyId' in scope && scope.companyId && 'condition' in this.scope ? scope.companyId : undefined;
  }

  /**
   * The scope's condition for a prepared read, its company a placeholder (`scopeCompany`): the
   * condition and the company to fill it with, or undefined when the read sees every record.
   */
  preparedScope(scope: ReadScope): { where: () => SQL; values: { scopeCompany: string } } | undefined {
    const company = this.scopedCompany(scope);
    if (company === undefined || !('condition' in this.scope)) return undefined;
    const condition = this.scope.condition;
    return {
      where: () => condition(sql`${sql.placeholder('scopeCompany')}::uuid`),
      values: { scopeCompany: company },
    };
  }

  /** The scope's condition for a read, or undefined when the read sees every record. */
  scopeWhere(scope: ReadScope): SQL | undefined {
    const company = this.scopedCompany(scope);
    return company && 'condition' in this.scope ? this.scope.condition(sql`${company}::uuid`) : undefined;
  }

  column(key: string): AnyPgColumn {
    const column = this.columns[key];
    if (!column) throw new Error(`${this.entity.name} has no column ${key}`);
    return column;
  }

  /** What a list sorts a field by: its column, or the expression the table sorts it as (`sortAs`). */
  sortedAs(key: string): AnyPgColumn | SQL {
    return this.sortAs[key] ?? this.column(key);
  }
}
