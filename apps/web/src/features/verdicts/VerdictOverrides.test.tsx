import { ufdSummary } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OverrideCount, OverrideMark } from './VerdictOverrides.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const row = { result: 'accept', proposedResult: 'reject', verdictOverrideReason: 'Geometry echo' };

describe('an override as the screens show it', () => {
  it('names the standard’s verdict beside the grade, and the reason where asked', () => {
    renderWithProviders(<OverrideMark entity={ufdSummary} row={row} withReason />);
    expect(screen.getByText('Override (standard: Reject)')).toBeVisible();
    expect(screen.getByText('Reason: Geometry echo')).toBeVisible();
  });

  it('shows nothing for a row agreeing with the standard, or without its verdict', () => {
    renderWithProviders(
      <div data-testid="shown">
        <OverrideMark entity={ufdSummary} row={{ ...row, result: 'reject' }} />
        <OverrideMark entity={ufdSummary} row={{ ...row, proposedResult: null }} />
        <OverrideCount overrides={{ total: 0, accepted: 0 }} />
      </div>,
    );
    expect(screen.getByTestId('shown')).toBeEmptyDOMElement();
  });

  it('counts a report’s overrides in the queue, accepted or not, in the user’s language', async () => {
    const counted = (total: number, accepted: number) => {
      const { unmount } = renderWithProviders(<OverrideCount overrides={{ total, accepted }} />);
      const text = screen.getByTestId('override-count').textContent;
      unmount();
      return text;
    };
    expect(counted(1, 0)).toBe('1 override, not yet accepted');
    expect(counted(2, 1)).toBe('2 overrides, 1 accepted');
    await i18n.changeLanguage('id');
    expect(counted(1, 1)).toBe('1 penyimpangan, diterima');
  });
});
