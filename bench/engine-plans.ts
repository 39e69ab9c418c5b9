/**
 * Reading EXPLAIN (ANALYZE, FORMAT JSON) plans for the engine benchmark: one line per node, and the
 * rule of the plan check.
 */
import type { Statement } from './engine-scenarios.ts';

/** A plan node may sort this many times the rows its statement returns before the check fails. */
const sortFactor = 10;
/**
 * Rows a node may filter out whatever the statement returns: reading a 24-row vocabulary whole to
 * return 2 of it costs nothing, and no index would be used for it; nor would one for a table of a few
 * hundred rows (the health card's pump gives the vibration and lube-oil tables their first 240 and
 * 120, which the planner rightly reads whole). Tables judged at scale hold 100,000 rows and more.
 */
const filterSlack = 1000;
/**
 * A scenario's statements may read this many times the buffers its leanest floor reads before the
 * check fails: a list whose condition its index does not carry (a variant its parent already fixes)
 * reads the table for its count and skipped rows, 1,256 buffers against the floor's 438, with no row
 * removed by any filter.
 */
const bufferFactor = 1.5;

export type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Method'?: string;
  'Sort Key'?: string[];
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};
export type Plan = { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number };
export type PlanReport = {
  sql: string;
  executionMs: number;
  returned: number;
  /** Shared buffers the statement read, from cache or disk. */
  buffers: number;
  lines: string[];
  problems: string[];
};

export const count = (n: number) => Math.round(n).toLocaleString('en');
export const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
export const oneLine = (text: string, max = 150) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
/** A statement on one line, its column list elided: the plan is about what follows `from`. */
const shortSql = (text: string) =>
  oneLine(
    text.replace(/^\s*select\s+(.*?)\s+from\s/is, (all, list: string) =>
      list.length > 40 ? 'select … from ' : all,
    ),
    220,
  );

function describe(node: PlanNode): string {
  let text = node['Node Type'];
  if (node['Index Name']) text += ` using ${node['Index Name']}`;
  if (node['Relation Name']) text += ` on ${node['Relation Name']}`;
  if (node['Sort Key'])
    text += ` (${node['Sort Key'].join(', ')}${node['Sort Method'] ? `; ${node['Sort Method']}` : ''})`;
  return text;
}

const rowsOf = (node: PlanNode) => node['Actual Rows'] * node['Actual Loops'];

/**
 * A plan's tree, one line per node, and what breaks the rule: a node that removes more rows by a
 * filter than the statement returns (and than `filterSlack`), or a sort of more than `sortFactor`
 * times what it returns.
 */
export function readPlan(
  statement: Statement,
  plan: Plan,
  kind: 'forValues' | 'kept' = 'forValues',
): PlanReport {
  const returned = rowsOf(plan.Plan);
  const lines: string[] = [];
  const problems: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    const removedByFilter = (node['Rows Removed by Filter'] ?? 0) * node['Actual Loops'];
    const removedByJoin = (node['Rows Removed by Join Filter'] ?? 0) * node['Actual Loops'];
    const sorted = node['Node Type'].endsWith('Sort')
      ? (node.Plans ?? []).reduce((sum, child) => sum + rowsOf(child), 0)
      : 0;
    const notes = [
      `rows ${count(rowsOf(node))}`,
      ...(removedByFilter ? [`removed by filter ${count(removedByFilter)}`] : []),
      ...(removedByJoin ? [`removed by join filter ${count(removedByJoin)}`] : []),
      ...(sorted ? [`sorted ${count(sorted)}`] : []),
      ...(node['Actual Total Time'] !== undefined ? [`${ms(node['Actual Total Time'])} ms`] : []),
    ];
    lines.push(`${'  '.repeat(depth)}${describe(node)}: ${notes.join(', ')}`);
    const where = `${describe(node)}`;
    if (removedByFilter > Math.max(returned, filterSlack))
      problems.push(
        `${where} removes ${count(removedByFilter)} rows by filter; the statement returns ${count(returned)}`,
      );
    if (removedByJoin > Math.max(returned, filterSlack))
      problems.push(
        `${where} removes ${count(removedByJoin)} rows by join filter; the statement returns ${count(returned)}`,
      );
    if (sorted > sortFactor * Math.max(returned, 1))
      problems.push(`${where} sorts ${count(sorted)} rows; the statement returns ${count(returned)}`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan.Plan, 0);
  const buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
  return {
    sql: `${kind === 'kept' ? 'kept plan (made without the values): ' : ''}${shortSql(statement.text)}`,
    executionMs: plan['Execution Time'],
    returned,
    buffers,
    lines,
    problems,
  };
}

/** A statement sent by name whose kept plan could not be shown: a problem of the check itself. */
export function keptPlanFailed(statement: Statement, failed: string): PlanReport {
  return {
    sql: `kept plan (made without the values): ${shortSql(statement.text)}`,
    executionMs: 0,
    returned: 0,
    buffers: 0,
    lines: [],
    problems: [`its kept plan could not be explained: ${failed}`],
  };
}

/**
 * Holds a scenario's statements to its leanest floor's reading (`bufferFactor`): the one of them
 * reading the most buffers gets a problem when it reads too many more than the floor's statement.
 */
export function judgeBuffers(plans: PlanReport[], floor: PlanReport): string | undefined {
  const costliest = plans.reduce<PlanReport | undefined>(
    (a, b) => (a && a.buffers >= b.buffers ? a : b),
    undefined,
  );
  if (!costliest) return undefined;
  const line = `buffers ${count(costliest.buffers)}, its leanest floor ${count(floor.buffers)}`;
  if (costliest.buffers > bufferFactor * Math.max(floor.buffers, 1))
    costliest.problems.push(`reads ${line} (more than ${bufferFactor}×)`);
  return line;
}

/** `why`: what a plan that is not judged is, in the note beside its problems. */
export function printPlans(plans: PlanReport[], judged: boolean, why = 'search') {
  for (const plan of plans) {
    console.log(`    ${plan.sql}`);
    console.log(
      `      execution ${ms(plan.executionMs)} ms, returns ${count(plan.returned)} rows, ${count(plan.buffers)} buffers`,
    );
    for (const line of plan.lines) console.log(`        ${line}`);
    for (const problem of plan.problems)
      console.log(judged ? `      PLAN CHECK FAILED: ${problem}` : `      (${why}, not judged: ${problem})`);
  }
}
