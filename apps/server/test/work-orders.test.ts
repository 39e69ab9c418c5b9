import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkOrder, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The WO numbers a list call answers, in its order. */
async function numbers(url: string): Promise<string[]> {
  const r = await t.call('GET', url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.map((w: { woNumber: string }) => w.woNumber);
}

describe('the work-order list', () => {
  beforeAll(async () => {
    const orders = [
      { woNumber: 'TAB-OPEN', status: 'open', contractNo: 'C-100', workType: 'preventive', dateStart: '2026-01-10', dateEnd: '2026-01-20' },
      { woNumber: 'TAB-PROG', status: 'inProgress', contractNo: 'C-100', workType: 'corrective', dateStart: '2026-02-10', dateEnd: '2026-02-20' },
      { woNumber: 'TAB-DONE', status: 'completed', contractNo: 'C-200', dateStart: '2026-03-10', dateEnd: '2026-03-20' },
      { woNumber: 'TAB-CANC', status: 'cancelled', contractNo: 'C-300', isEmergency: true },
      { woNumber: 'TAB-EMER', status: 'inProgress', contractNo: 'C-300', isEmergency: true, workType: 'corrective' },
      { woNumber: 'TAB-EMOP', status: 'open', isEmergency: true },
    ];
    for (const o of orders) await createWorkOrder(t, o);
  });

  it('shows every record without a tab, and each tab its slice', async () => {
    const all = await numbers('/api/work-order-spks?search=TAB-&pageSize=50');
    expect(all).toHaveLength(6);
    expect((await numbers('/api/work-order-spks?search=TAB-&tab=open')).sort()).toEqual(['TAB-EMOP', 'TAB-OPEN']);
    expect((await numbers('/api/work-order-spks?search=TAB-&tab=inProgress')).sort()).toEqual([
      'TAB-EMER',
      'TAB-PROG',
    ]);
    expect((await numbers('/api/work-order-spks?search=TAB-&tab=completed')).sort()).toEqual([
      'TAB-CANC',
      'TAB-DONE',
    ]);
    expect((await numbers('/api/work-order-spks?search=TAB-&tab=emergency')).sort()).toEqual([
      'TAB-EMER',
      'TAB-EMOP',
    ]);
  });

  it('combines a tab with filters, and refuses an unknown tab with a 400 naming the tabs', async () => {
    expect(await numbers('/api/work-order-spks?tab=inProgress&workType=corrective&showEmergency=true')).toEqual([
      'TAB-EMER',
    ]);
    const r = await t.call('GET', '/api/work-order-spks?tab=closed');
    expect(r.status).toBe(400);
    expect(r.body.data).toBeNull();
    expect(r.body.message).toMatch(/tab must be one of: open, inProgress, completed, emergency/);
  });

  it('narrows by every filter of SPEC 7', async () => {
    expect((await numbers('/api/work-order-spks?contractNo=C-100')).sort()).toEqual(['TAB-OPEN', 'TAB-PROG']);
    expect((await numbers('/api/work-order-spks?search=TAB-&workType=corrective')).sort()).toEqual([
      'TAB-EMER',
      'TAB-PROG',
    ]);
    expect((await numbers('/api/work-order-spks?search=TAB-&showEmergency=true')).sort()).toEqual([
      'TAB-CANC',
      'TAB-EMER',
      'TAB-EMOP',
    ]);
    expect((await numbers('/api/work-order-spks?search=TAB-&dateStart=2026-02-01')).sort()).toEqual([
      'TAB-DONE',
      'TAB-PROG',
    ]);
    expect(await numbers('/api/work-order-spks?search=TAB-&dateStart=2026-02-01&dateEnd=2026-02-28')).toEqual([
      'TAB-PROG',
    ]);
    expect(await numbers('/api/work-order-spks?search=TAB-&sortBy=woNumber&sortDirection=asc&pageSize=2')).toEqual([
      'TAB-CANC',
      'TAB-DONE',
    ]);
  });

  it('pages with meta', async () => {
    const r = await t.call('GET', '/api/work-order-spks?search=TAB-&pageSize=4&pageNumber=2');
    expect(r.body.data).toHaveLength(2);
    expect(r.body.meta).toEqual({
      pageNumber: 2,
      pageSize: 4,
      totalCount: 6,
      totalPages: 2,
      totalCountExact: true,
    });
  });

  it('looks up contract numbers with how many work orders each, searched and paged', async () => {
    const r = await t.call('GET', '/api/work-order-spks/contract-numbers?pageSize=2');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { value: 'C-100', count: 2 },
      { value: 'C-200', count: 1 },
    ]);
    expect(r.body.meta).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
    const searched = await t.call('GET', '/api/work-order-spks/contract-numbers?search=300');
    expect(searched.body.data).toEqual([{ value: 'C-300', count: 2 }]);
    const bad = await t.call('GET', '/api/work-order-spks/contract-numbers?pageSize=0');
    expect(bad.status).toBe(400);
  });
});
