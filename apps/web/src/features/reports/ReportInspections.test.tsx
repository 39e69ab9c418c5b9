import type { TechniqueDefinition } from '@inspectra/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanBrowserPerTest } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { allTechniques } from '../techniques/technique-routes.ts';
import { methodFirst, ReportInspections } from './ReportPage.tsx';
import { reportIsOf } from '../techniques/TechniqueCard.tsx';
import type * as TechniqueCardModule from '../techniques/TechniqueCard.tsx';
import type { Report } from './useReport.ts';

// The cards themselves load figures; here only which card stands where is looked at.
vi.mock('../techniques/TechniqueCard.tsx', async (actual) => ({
  ...(await actual<typeof TechniqueCardModule>()),
  TechniqueCard: ({ technique }: { technique: TechniqueDefinition }) => (
    <article aria-label={technique.label}>{technique.label}</article>
  ),
}));

cleanBrowserPerTest();

const cards = allTechniques.filter((t) => t.reportCard);
const reportOf = (inspectionMethod: string) => ({ id: 'r1', inspectionMethod }) as unknown as Report;

describe("the report page's inspection cards", () => {
  it("puts the method's technique first and folds the others under Other inspection types", async () => {
    const thermal = cards.find((t) => t.module === 'thermal')!;
    const { own, others } = methodFirst(cards, reportOf('thermal'));
    expect(own).toBe(thermal);
    expect(others).toHaveLength(cards.length - 1);
    expect(others).not.toContain(thermal);

    const user = userEvent.setup();
    renderWithProviders(<ReportInspections report={reportOf('thermal')} shown={cards} />);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([thermal.label]);
    const folded = screen.getByRole('button', { name: `Other inspection types (${cards.length - 1})` });
    expect(folded).toHaveAttribute('aria-expanded', 'false');

    await user.click(folded);
    expect(folded).toHaveAttribute('aria-expanded', 'true');
    // The folded cards load when opened: wait for all of them, not the first that shows.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(cards.length));
  });

  it('finds the technique by the method code it serves, never by a name that looks like it', () => {
    const vci = cards.find((t) => t.module === 'vci')!;
    expect(methodFirst(cards, reportOf('vci')).own).toBe(vci);
    // The technique's label, another case or a slug-like spelling is not a method code.
    for (const lookalike of [vci.label, 'VCI', 'Visual-crack-inspection', 'THERMAL'])
      expect(methodFirst(cards, reportOf(lookalike)).own).toBeUndefined();
    // The card asks the same question the same way.
    expect(reportIsOf(vci, reportOf('vci'))).toBe(true);
    expect(reportIsOf(vci, reportOf(vci.label))).toBe(false);
    // A technique the user may not see is not put first.
    expect(
      methodFirst(
        cards.filter((t) => t !== vci),
        reportOf('vci'),
      ).own,
    ).toBeUndefined();
  });

  it('shows every card alike when the method has no technique in the product', () => {
    expect(methodFirst(cards, reportOf('acousticEmission')).own).toBeUndefined();
    renderWithProviders(<ReportInspections report={reportOf('acousticEmission')} shown={cards} />);
    expect(screen.getAllByRole('article')).toHaveLength(cards.length);
    expect(screen.queryByRole('button', { name: /Other inspection types/ })).not.toBeInTheDocument();
  });
});
