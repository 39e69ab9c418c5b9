import { healthReportsPerMethod } from '@inspectra/contract';
import type { EquipmentHealthMethod } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { HealthTimeline } from './HealthTimeline.tsx';

const reports = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    reportHeaderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    reportNumber: `RPT-${i}`,
    status: 'approved',
    date: `20${String(10 + (i % 17)).padStart(2, '0')}-01-15`,
    worstFinding: 'normal',
  }));
const thermal = (count: number): EquipmentHealthMethod => {
  const own = reports(Math.min(count, healthReportsPerMethod));
  return { inspectionMethod: 'thermal', reportCount: count, latest: own.at(-1)!, reports: own };
};

describe('the health timeline', () => {
  it('says when a method is drawn over its latest reports only, and names it', () => {
    renderWithProviders(<HealthTimeline methods={[thermal(healthReportsPerMethod + 30)]} />);
    expect(screen.getByRole('figure')).toHaveTextContent(
      `Each method is drawn over its latest ${healthReportsPerMethod} reports; Thermal`,
    );
  });

  it('says nothing of the kind when every report is drawn', () => {
    renderWithProviders(<HealthTimeline methods={[thermal(3)]} />);
    expect(screen.getByRole('figure')).not.toHaveTextContent('drawn over its latest');
  });
});
