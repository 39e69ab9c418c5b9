import type { ThicknessLocationView } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, envelope, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { isLater, ThicknessFiguresWhenOpened } from './ThicknessFiguresWhenOpened.tsx';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const locationId = 'c0000000-0000-4000-8000-000000000003';
/** Opened on 1 October at 5.8 mm against 6 mm required. */
const finding = {
  thicknessLocationId: locationId,
  thicknessMm: 5.8,
  requiredThicknessMm: 6,
  remainingLifeYears: null,
  createdAt: '2026-10-01T08:00:00.000Z',
};

/** The location now: read again on 20 November at 5.1 mm. */
function serveLocationNow() {
  server.use(
    http.get(api(`/thickness-locations/${locationId}`), () =>
      HttpResponse.json(
        envelope({
          id: locationId,
          latestReading: { date: '2026-11-20', thicknessMm: 5.1 },
          remainingLifeYears: 0,
          status: 'belowRequired',
        } as Partial<ThicknessLocationView>),
      ),
    ),
  );
}

const renderFinding = () =>
  renderWithRouter(
    {
      '/recommendations/x': suspended(() => <ThicknessFiguresWhenOpened r={finding} />),
      '/thickness/$locationId': () => 'the location',
    },
    '/recommendations/x',
  );

describe("a thickness finding's figures", () => {
  it('are labelled as of the day it was opened, beside the location now and a link to it', async () => {
    signedInAs({ permissions: grants(['thickness', 'workOrder'], ['view']) });
    serveLocationNow();
    renderFinding();
    const panel = await screen.findByRole(
      'region',
      { name: /Figures when the finding was opened/ },
      { timeout: 5000 },
    );
    expect(within(panel).getByText('Thickness when opened').nextSibling).toHaveTextContent('5.8 mm');
    expect(within(panel).getByText('Required thickness').nextSibling).toHaveTextContent('6 mm');
    // The later reading that says otherwise is on the same screen, not only behind the link.
    const latest = await within(panel).findByText(/^Latest reading now/);
    expect(latest.nextSibling).toHaveTextContent('5.1 mm');
    expect(within(panel).getByText(/is not the one this finding was opened on/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: "The location's current figures" })).toHaveAttribute(
      'href',
      `/thickness/${locationId}`,
    );
  });

  it('link to the location even for a reader who may not view thickness monitoring', async () => {
    signedInAs({ permissions: grants(['workOrder'], ['view']) });
    let asked = false;
    server.use(
      http.get(api(`/thickness-locations/${locationId}`), () => {
        asked = true;
        return HttpResponse.json({}, { status: 403 });
      }),
    );
    await i18n.changeLanguage('id');
    renderFinding();
    const panel = await screen.findByRole('region', { name: /Angka saat temuan dibuka/ }, { timeout: 5000 });
    expect(within(panel).getByText('Ketebalan saat dibuka').nextSibling).toHaveTextContent('5,8 mm');
    expect(within(panel).getByRole('link', { name: 'Angka lokasi saat ini' })).toBeInTheDocument();
    expect(within(panel).queryByText(/Pembacaan terbaru kini/)).toBeNull();
    expect(asked).toBe(false);
  });

  it('are told apart from a later reading by its day or its thickness', () => {
    expect(isLater({ date: '2026-11-20', thicknessMm: 5.8 }, '2026-10-01', 5.8)).toBe(true);
    expect(isLater({ date: '2026-09-30', thicknessMm: 5.1 }, '2026-10-01', 5.8)).toBe(true);
    expect(isLater({ date: '2026-09-30', thicknessMm: 5.8 }, '2026-10-01', 5.8)).toBe(false);
    expect(isLater({ date: '2026-10-01', thicknessMm: 4.2 }, '2026-10-01', null)).toBe(false);
  });
});
