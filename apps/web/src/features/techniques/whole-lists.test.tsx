import { sacp, thermal } from '@inspectra/contract';
import type { RouteDefinition, TechniqueDefinition } from '@inspectra/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { i18n } from '../../i18n/index.ts';
import RowsProfile from './RowsProfile.tsx';
import { techniqueQueries, wholeListBound } from './technique-queries.ts';

serveMockApi();
beforeEach(() => setCookies('tok-1', 'ref-1'));

const inspectionId = '00000000-0000-4000-8000-0000000000c1';
const reportId = '00000000-0000-4000-8000-0000000000a1';

/** A paged by-parent call over `total` rows, answering each page as the server does; counts calls. */
function servePaged(path: string, total: number, row: (n: number) => Record<string, unknown>, exact = true) {
  const asked: { pageNumber: number; pageSize: number }[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const pageNumber = Number(query.get('pageNumber') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 10);
      asked.push({ pageNumber, pageSize });
      const from = (pageNumber - 1) * pageSize;
      const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) =>
        row(from + i + 1),
      );
      return HttpResponse.json({
        ...envelope(data),
        meta: {
          pageNumber,
          pageSize,
          totalCount: exact ? total : Math.min(total, 1000),
          totalPages: Math.ceil(total / pageSize),
          totalCountExact: exact,
        },
      });
    }),
  );
  return asked;
}

const thermalScope = { technique: thermal as unknown as TechniqueDefinition, reportId, variant: undefined };
const measurement = (n: number) => ({ id: `m-${n}`, thermalAnalysisId: inspectionId, version: 1 });
const readRows = () => new QueryClient().fetchQuery(techniqueQueries.rows(thermalScope, inspectionId));

describe('a paged list read whole (a profile’s, a gallery’s, a trend’s rows)', () => {
  it('pages through every row, 200 a call, never stopping silently at the first page', async () => {
    const asked = servePaged('/thermal-measurements/by-thermal-analysis', 450, measurement);
    const list = await readRows();
    expect(list.records).toHaveLength(450);
    expect(list.records.at(-1)?.id).toBe('m-450');
    expect(list).toMatchObject({ totalCount: 450, complete: true });
    expect(asked).toEqual([1, 2, 3].map((pageNumber) => ({ pageNumber, pageSize: 200 })));
  });

  it('stops at its bound and says how many it holds of how many', async () => {
    const asked = servePaged('/thermal-measurements/by-thermal-analysis', 2_600, measurement);
    const list = await readRows();
    expect(list.records).toHaveLength(wholeListBound);
    expect(list).toMatchObject({ totalCount: 2_600, totalCountExact: true, complete: false });
    expect(asked).toHaveLength(wholeListBound / 200);
  });

  it('reads a list of exactly one full page in one call when the count says it is all', async () => {
    const asked = servePaged('/thermal-measurements/by-thermal-analysis', 200, measurement);
    expect(await readRows()).toMatchObject({ totalCount: 200, complete: true });
    expect(asked).toHaveLength(1);
  });

  it('reads on past a count the server stopped at, until a short page ends the list', async () => {
    servePaged('/thermal-measurements/by-thermal-analysis', 1_100, measurement, false);
    const list = await readRows();
    expect(list.records).toHaveLength(1_100);
    expect(list).toMatchObject({ totalCount: 1_100, complete: true });
  });
});

/** SACP's profile over a paged call of its rows: what a trend of thousands of readings will be. */
const pagedSacp = {
  ...sacp,
  routes: sacp.routes.map((r: RouteDefinition) =>
    r.operation.kind === 'listByParent' && r.operation.entity.name === 'sacpMeasurement'
      ? { ...r, operation: { ...r.operation, paged: true } }
      : r,
  ),
} as unknown as TechniqueDefinition;

describe('a profile of more rows than it reads', () => {
  const reading = (n: number) => ({
    id: `s-${n}`,
    sacpInspectionId: inspectionId,
    pkm: n,
    potential: -900,
    version: 1,
  });
  const renderProfile = async (total: number, language: string) => {
    await i18n.changeLanguage(language);
    const variant = 'pipeline';
    const path = pagedSacp.routes.find(
      (r) =>
        r.operation.kind === 'listByParent' &&
        r.operation.entity.name === 'sacpMeasurement' &&
        r.operation.variant === variant,
    )!.path;
    servePaged(path, total, reading);
    renderWithProviders(
      <RowsProfile
        scope={{ technique: pagedSacp, reportId, variant }}
        inspection={{ id: inspectionId, version: 1 }}
        profile={pagedSacp.workspace!.profile!}
      />,
    );
  };

  it('says it is drawn from the first 2,000 of them and where every one is listed', async () => {
    await renderProfile(2_600, 'en');
    expect(
      await screen.findByText(
        'Drawn from the first 2,000 of 2,600 entries; the table above lists every one.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('says so in Bahasa Indonesia too', async () => {
    await renderProfile(2_600, 'id');
    expect(
      await screen.findByText(
        'Digambar dari 2.000 entri pertama dari 2.600; tabel di atas memuat semuanya.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('says nothing of the kind when it draws them all', async () => {
    await renderProfile(30, 'en');
    expect(await screen.findByRole('figure', {}, { timeout: 5000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText(/Drawn from the first/)).not.toBeInTheDocument();
  });
});
