import type { ApprovalOptions } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, envelope, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ApprovalActDialog } from '../approvals/ApprovalActDialog.tsx';

serveMockApi();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // jsdom draws nothing: the pad gets a 2D context that does nothing.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => new Proxy({}, { get: () => () => undefined }) as never,
  );
});

/** The approve dialog, opened by a reviewer with or without a stored signature, under these options. */
async function openApprove(hasSignature: boolean, options: ApprovalOptions) {
  signedInAs({ permissions: grants(['reportHeader'], ['view', 'approve']), hasSignature });
  server.use(
    http.get(api('/inspection-method-approvals/options'), () => HttpResponse.json(envelope(options))),
  );
  renderWithRouter(
    {
      '/': suspended(() => (
        <ApprovalActDialog
          act="approved"
          level={1}
          reportNumber="RPT-0042"
          send={() => Promise.resolve()}
          onClose={() => undefined}
          onSettled={() => Promise.resolve()}
        />
      )),
    },
    '/',
  );
  return screen.findByRole('dialog', { name: 'Approve RPT-0042 at level 1' }, { timeout: 5000 });
}

describe('the approve dialog and the approver’s signature', () => {
  it('holds the approval back until an unsigned approver draws one, when the options require it', async () => {
    const dialog = await openApprove(false, { signatureRequired: true });
    expect(
      await within(dialog).findByText('Your approval needs your signature', {}, { timeout: 5000 }),
    ).toBeVisible();
    // The pad to draw it on, right there.
    expect(
      await within(dialog).findByRole('img', { name: 'Signature drawing area' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('asks an unsigned approver, without holding the approval back, when not required', async () => {
    const dialog = await openApprove(false, { signatureRequired: false });
    expect(
      await within(dialog).findByText('Add your signature to the approval record?', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('asks nothing of an approver with a stored signature', async () => {
    const dialog = await openApprove(true, { signatureRequired: true });
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.queryByText(/signature/i)).toBeNull();
  });
});
