import type { ReportVerification, ReportVersion } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, envelope, grants, onePage, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { reportRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ReportStatusActions } from './ReportStatusActions.tsx';
import { ReportVersionsPanel, shortFingerprint } from './ReportVersionsPanel.tsx';
import { RevisionNote } from './RevisionNote.tsx';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const original = reportRecord({ reportNumber: 'RPT-0007', status: 'approved' });
const revisionId = '5b2f0c7e-9d1a-4c3b-8e6f-1a2b3c4d5e6f';
const revision = reportRecord({
  id: revisionId,
  reportNumber: 'RPT-0007-R1',
  status: 'approved',
  revision: 1,
  revisionOf: original.id,
  revisionReason: 'The reference temperature of TR-01 was mistyped',
});
const sha1 = 'a'.repeat(58) + '111111';
const sha2 = 'b'.repeat(58) + '222222';
const versions: ReportVersion[] = [
  {
    number: 1,
    reportHeaderId: original.id,
    reportNumber: 'RPT-0007',
    revision: 0,
    sha256: sha1,
    previousSha256: null,
    revises: null,
    reason: null,
    revisedBy: null,
    revisedAt: null,
    approvedAt: '2026-11-20T08:00:00.000Z',
    approvedBy: 'Budi Reviewer',
    size: 4096,
    signature: null,
    signingKeyId: null,
  },
  {
    number: 2,
    reportHeaderId: revisionId,
    reportNumber: 'RPT-0007-R1',
    revision: 1,
    sha256: sha2,
    previousSha256: sha1,
    revises: 1,
    reason: 'The reference temperature of TR-01 was mistyped',
    revisedBy: 'Rina Inspector',
    revisedAt: '2026-11-21T09:00:00.000Z',
    approvedAt: '2026-11-22T10:00:00.000Z',
    approvedBy: 'Sari Manager',
    size: 4100,
    signature: 'c2lnbmVk',
    signingKeyId: '0123456789abcdef',
  },
];

const renderAt = (ui: () => ReactElement) =>
  renderWithRouter({ '/reports/$reportId': suspended(ui) }, `/reports/${original.id}`);

/** The signed-in user may view, create and update reports. */
const signIn = () =>
  signedInAs({ permissions: grants(['reportHeader'], ['view', 'create', 'update', 'approve']) });

describe('a new revision asks why', () => {
  it('refuses to send without a reason, says the server’s refusal under the field, then sends the reason', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(api(`/report-headers/${original.id}/revision`), async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        bodies.push(body);
        if (body.reason.trim().length < 3)
          return HttpResponse.json(
            {
              data: null,
              statusCode: 400,
              message: 'The request has an invalid value: reason — reason: say why…',
              error: {
                code: 'VALIDATION_ERROR',
                details: [
                  {
                    path: 'reason',
                    message: 'reason: say why the approved report is revised (at least 3 characters)',
                    code: 'minLength',
                    params: { min: 3 },
                  },
                ],
              },
            },
            { status: 400 },
          );
        return HttpResponse.json(envelope(revision), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAt(() => <ReportStatusActions report={original} />);
    await user.click(await screen.findByRole('button', { name: 'New revision' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a new revision of report RPT-0007?' });
    expect(dialog).toHaveTextContent('A draft copy of the whole report');
    const reason = within(dialog).getByRole('textbox', { name: 'Why is the approved report revised?' });
    expect(reason).toBeRequired();

    // Nothing said: refused here, under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'New revision' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Say why the approved report is revised',
    );
    expect(reason).toHaveAccessibleDescription('Say why the approved report is revised');
    expect(bodies).toEqual([]);

    // Too short: the server's refusal, in the user's words, under the field.
    await user.type(reason, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'New revision' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('At least 3 characters'));
    expect(within(dialog).queryByText(/reason: say why/)).toBeNull();

    await user.clear(reason);
    await user.paste('  The reference temperature of TR-01 was mistyped ');
    await user.click(within(dialog).getByRole('button', { name: 'New revision' }));
    expect(await screen.findByText('Revision RPT-0007-R1 created')).toBeVisible();
    expect(bodies.at(-1)).toEqual({ reason: 'The reference temperature of TR-01 was mistyped' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/reports/${revisionId}`));
  });
});

describe('a revision says what it revises and why', () => {
  it('names the revised report, links to it and gives the reason', async () => {
    signIn();
    server.use(http.get(api('/report-headers'), () => HttpResponse.json(onePage([original], 1))));
    renderAt(() => <RevisionNote report={revision} />);
    expect(await screen.findByText('Revision 1 of report RPT-0007', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('The reference temperature of TR-01 was mistyped')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open report RPT-0007' })).toHaveAttribute(
      'href',
      `/reports/${original.id}`,
    );
  });

  it('says nothing on a report that revises none', async () => {
    renderAt(() => (
      <>
        <RevisionNote report={original} />
        ready
      </>
    ));
    expect(await screen.findByText('ready', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText(/of report/)).toBeNull();
  });
});

const measurementId = '9b1d1c3e-2b5f-4f57-9a33-9f1f1c0c5a09';
/** A report tree holding one thermal measurement on this tag. */
const treeWith = (tagNumber: string) => ({
  format: 'inspectra.report/1',
  header: { entity: 'reportHeader', fields: { id: revisionId }, derived: {}, attachments: [], lists: [] },
  sections: [
    {
      key: 'thermal',
      lists: [
        {
          entity: 'thermalMeasurement',
          records: [
            {
              entity: 'thermalMeasurement',
              fields: { id: measurementId, tagNumber },
              derived: {},
              attachments: [],
              lists: [],
            },
          ],
        },
      ],
    },
  ],
});

/** Serves the chain's versions, the snapshot of version 2 and the report now; records the verify calls. */
function serveVersions(list: ReportVersion[] = versions, verification?: ReportVerification) {
  const verified: string[] = [];
  server.use(
    http.get(api(`/report-headers/${revisionId}/versions/2`), () =>
      HttpResponse.json(envelope({ ...versions[1], content: treeWith('TR-01-L1') })),
    ),
    http.get(api(`/report-headers/${revisionId}/content`), () =>
      HttpResponse.json(envelope({ fingerprint: 'c'.repeat(64), content: treeWith('TR-01-L1 (now)') })),
    ),
    http.get(api(`/report-headers/${revisionId}/versions`), () => HttpResponse.json(envelope(list))),
    http.get(api(`/report-headers/${revisionId}/verify`), ({ request }) => {
      verified.push(request.url);
      return HttpResponse.json(envelope(verification));
    }),
  );
  return verified;
}

const check = (number: number, sha256: string, o: Partial<ReportVerification['versions'][number]> = {}) => ({
  number,
  reportHeaderId: number === 1 ? original.id : revisionId,
  reportNumber: number === 1 ? 'RPT-0007' : 'RPT-0007-R1',
  sha256,
  matches: true,
  liveSha256: sha256,
  signature: 'valid' as const,
  signingKeyId: '0123456789abcdef',
  differences: [],
  moreDifferences: 0,
  ...o,
});

const tampered: ReportVerification = {
  intact: false,
  checkedAt: '2026-11-27T06:00:00.000Z',
  versions: [
    check(1, sha1, { signature: 'unsigned', signingKeyId: null }),
    check(2, sha2, {
      matches: false,
      liveSha256: 'c'.repeat(64),
      signature: 'invalid',
      differences: [
        {
          kind: 'signature',
          entity: null,
          recordId: null,
          path: 'invalid',
          was: '0123456789abcdef',
          now: null,
          message: 'The signature of version 2 does not match',
        },
        {
          kind: 'changed',
          entity: 'thermalMeasurement',
          recordId: measurementId,
          path: 'fields.maxTemperatureC',
          was: 80,
          now: 41,
          message: 'Thermal measurement TR-01: maxTemperatureC was 80, now 41',
        },
        {
          kind: 'file',
          entity: 'thermalMeasurement',
          recordId: measurementId,
          path: 'attachments.1c2d',
          was: 'abc',
          now: null,
          message: 'The stored file is missing',
        },
      ],
      moreDifferences: 3,
    }),
  ],
};

describe('the approved versions', () => {
  it('lists each version with its approval, fingerprint, what it revises and why', async () => {
    signIn();
    serveVersions();
    renderAt(() => <ReportVersionsPanel report={revision} />);
    const panel = await screen.findByRole('region', { name: 'Approved versions' }, { timeout: 5000 });
    const first = within(panel).getByRole('article', { name: 'Version 1 · Report RPT-0007' });
    expect(first).toHaveTextContent('The first approval of the report');
    expect(first).toHaveTextContent(/Approved .+ by Budi Reviewer/);
    expect(first).toHaveTextContent('Approved before versions were signed: no signature');
    expect(within(first).getByText(shortFingerprint(sha1))).toBeVisible();
    const second = within(panel).getByRole('article', { name: 'Version 2 · Report RPT-0007-R1' });
    expect(second).toHaveTextContent('Revises version 1');
    expect(second).toHaveTextContent(/Revised .+ by Rina Inspector/);
    expect(second).toHaveTextContent('Reason: The reference temperature of TR-01 was mistyped');
    expect(second).toHaveTextContent('Signed with key 0123456789abcdef');
    expect(second).toHaveTextContent(sha2);
    expect(shortFingerprint(sha2)).toBe(`${'b'.repeat(12)}…222222`);
    expect(within(second).getByRole('button', { name: 'Copy the fingerprint of version 2' })).toBeVisible();
  });

  it('downloads a version’s PDF, printed from its snapshot, under its number', async () => {
    signIn();
    serveVersions();
    const asked: string[] = [];
    server.use(
      http.get(api(`/report-headers/${original.id}/versions/1/pdf`), ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse(new TextEncoder().encode('%PDF-1.3\n'), {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAt(() => <ReportVersionsPanel report={revision} />);
    await user.click(
      await screen.findByRole('button', { name: 'Download PDF of version 1' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(saved).toEqual(['RPT-0007-v1.pdf']));
    expect(asked).toEqual(['?lang=en']);
  });

  it('verifies: says which version matches what was approved and what differs in the other', async () => {
    signIn();
    const verified = serveVersions(versions, tampered);
    const user = userEvent.setup();
    renderAt(() => <ReportVersionsPanel report={revision} />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }, { timeout: 5000 }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Not every version matches what was approved',
    );
    expect(verified).toHaveLength(1);
    const first = screen.getByRole('article', { name: 'Version 1 · Report RPT-0007' });
    expect(first).toHaveTextContent('Matches what was approved (not signed)');
    const second = screen.getByRole('article', { name: 'Version 2 · Report RPT-0007-R1' });
    expect(second).toHaveTextContent('Differs from what was approved:');
    // The record named as the approved version holds it, once its snapshot is read.
    await waitFor(() =>
      expect(second).toHaveTextContent(
        'Thermal measurement TR-01-L1: Max temperature was 80 °C, is now 41 °C',
      ),
    );
    expect(second).toHaveTextContent(
      'Thermal measurement TR-01-L1: a stored file no longer has the content that was approved, or is missing',
    );
    expect(second).toHaveTextContent(
      'This version was rewritten after it was signed: its signature no longer matches',
    );
    expect(second).toHaveTextContent('… and 3 more differences');
    expect(second).not.toHaveTextContent('maxTemperatureC');
  });

  it('says the differences in Bahasa Indonesia on an Indonesian page', async () => {
    await i18n.changeLanguage('id');
    signIn();
    serveVersions(versions, tampered);
    const user = userEvent.setup();
    renderAt(() => <ReportVersionsPanel report={revision} />);
    await user.click(await screen.findByRole('button', { name: 'Verifikasi' }, { timeout: 5000 }));
    const second = await screen.findByRole('article', { name: 'Versi 2 · Laporan RPT-0007-R1' });
    await waitFor(() => expect(second).toHaveTextContent('Berbeda dari yang disetujui:'));
    expect(second).toHaveTextContent(/tadinya 80 °C, sekarang 41 °C/);
    expect(second).toHaveTextContent('Versi ini ditulis ulang setelah ditandatangani');
    expect(screen.getByRole('article', { name: 'Versi 1 · Laporan RPT-0007' })).toHaveTextContent(
      'Cocok dengan yang disetujui',
    );
  });

  it('says when every version matches', async () => {
    signIn();
    serveVersions(versions, {
      intact: true,
      checkedAt: '2026-11-27T06:00:00.000Z',
      versions: [check(1, sha1), check(2, sha2)],
    });
    const user = userEvent.setup();
    renderAt(() => <ReportVersionsPanel report={revision} />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }, { timeout: 5000 }));
    expect(await screen.findByRole('status')).toHaveTextContent('Every version matches what was approved');
    expect(screen.getAllByText('Matches what was approved')).toHaveLength(2);
  });

  it('says an approved report kept no version, and shows nothing on a draft', async () => {
    signIn();
    serveVersions([]);
    renderAt(() => (
      <>
        <ReportVersionsPanel report={revision} />
        <ReportVersionsPanel report={reportRecord({ status: 'draft' })} />
      </>
    ));
    expect(
      await screen.findByText(
        'This report was approved before versions were kept: it has no fingerprinted version.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});
