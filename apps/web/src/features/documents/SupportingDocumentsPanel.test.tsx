import 'fake-indexeddb/auto';
import type { PermissionAction } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import {
  api,
  envelope,
  errorResponse,
  grants,
  onePage,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SupportingDocumentsPanel } from './SupportingDocumentsPanel.tsx';
import { backOnlineAfterEach, offlineSyncOf } from '../../test/offline.ts';

serveMockApi();
backOnlineAfterEach();

const reportId = '0d4c1d3e-2b5f-4f57-9a33-9f1f1c0c5a01';

const calibration = {
  ...auditFields('2026-03-15T07:05:00Z'),
  id: 'a1c2e3f4-0000-4000-8000-000000000001',
  reportHeaderId: reportId,
  documentType: 'calibrationCertificate',
  description: 'Camera FLIR T540',
  // Added by someone other than the signed-in user: the list names them (`withAuthor`).
  createdByName: 'Dewi Lestari' as string | null,
  file: {
    id: 'f0000000-0000-4000-8000-000000000001',
    slot: 'file',
    imageType: null,
    category: null,
    position: 0,
    displayName: 'FLIR-T540-calibration.pdf',
    mediaType: 'application/pdf',
    size: 245_760,
    url: '/api/files/f0000000-0000-4000-8000-000000000001',
    createdAt: '2026-03-15T07:05:00Z',
  },
};

const categories = [
  { value: 'procedure', label: 'Procedure' },
  { value: 'calibrationCertificate', label: 'Calibration certificate' },
  { value: 'drawing', label: 'Drawing' },
];

/** The mock API of a report with one document; returns every list query it was asked. */
function serveDocuments(actions: PermissionAction[] = ['view', 'create', 'delete']) {
  signedInAs({ fullName: 'Rina Inspector', permissions: grants(['supportingDocument'], actions) });
  const listQueries: URLSearchParams[] = [];
  let stored = [calibration];
  server.use(
    http.get(api('/report-supporting-document/dropdown-category'), () =>
      HttpResponse.json(envelope(categories)),
    ),
    http.get(api('/report-supporting-document'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      listQueries.push(query);
      const type = query.get('documentType');
      const data = stored.filter((d) => !type || d.documentType === type);
      return HttpResponse.json(onePage(data));
    }),
  );
  return {
    listQueries,
    add: (document: typeof calibration) => {
      stored = [...stored, document];
    },
  };
}

function renderPanel() {
  return renderWithProviders(
    <Suspense fallback="loading">
      <SupportingDocumentsPanel reportId={reportId} />
    </Suspense>,
  );
}

const pdf = (name: string) =>
  new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'], name, { type: 'application/pdf' });
const picker = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]')!;

describe('SupportingDocumentsPanel', () => {
  it("lists the report's documents with type, file, size and who added them, and filters by type", async () => {
    const { listQueries } = serveDocuments();
    const user = userEvent.setup();
    renderPanel();

    const row = await screen.findByRole('row', { name: /FLIR-T540-calibration\.pdf/ }, { timeout: 5000 });
    expect(row).toHaveTextContent('Calibration certificate');
    expect(row).toHaveTextContent('Camera FLIR T540');
    expect(row).toHaveTextContent('240 kB');
    // Whoever added it, by name: not "another user".
    expect(row).toHaveTextContent('by Dewi Lestari');
    expect(row).not.toHaveTextContent('another user');
    expect(within(row).getByRole('button', { name: 'Download FLIR-T540-calibration.pdf' })).toBeVisible();
    expect(listQueries[0]?.get('reportHeaderId')).toBe(reportId);
    expect(listQueries[0]?.has('documentType')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Show type' }));
    await user.click(await screen.findByRole('option', { name: 'Procedure' }));

    expect(await screen.findByText('No documents of this type.')).toBeVisible();
    expect(listQueries.at(-1)?.get('documentType')).toBe('procedure');
    expect(listQueries.at(-1)?.get('reportHeaderId')).toBe(reportId);
  });

  it('says a document was added by a former user when its author no longer exists', async () => {
    const api$ = serveDocuments();
    api$.add({
      ...calibration,
      id: 'a1c2e3f4-0000-4000-8000-000000000009',
      createdByName: null,
      file: { ...calibration.file, displayName: 'old-procedure.pdf' },
    });
    renderPanel();
    const row = await screen.findByRole('row', { name: /old-procedure\.pdf/ }, { timeout: 5000 });
    expect(row).toHaveTextContent('by a former user');
  });

  it('uploads dropped files with the chosen type and description, and lists them', async () => {
    const api$ = serveDocuments();
    const received: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.post(api('/report-supporting-document/upload'), async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        received.push(form);
        api$.add({
          ...calibration,
          id: 'a1c2e3f4-0000-4000-8000-000000000002',
          documentType: String(form.documentType),
          description: String(form.description),
          // jsdom's request loses the part's file name: the server would list the name sent.
          file: { ...calibration.file, displayName: 'PRC-TH-07 thermography.pdf', size: 2048 },
        });
        return HttpResponse.json(envelope({ id: 'a1c2e3f4-0000-4000-8000-000000000002' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { container } = renderPanel();
    await screen.findByRole('row', { name: /FLIR-T540-calibration\.pdf/ }, { timeout: 5000 });

    await user.upload(picker(container), pdf('PRC-TH-07 thermography.pdf'));
    expect(await screen.findByText('Ready')).toBeVisible();
    // Without a type nothing is sent, and the type's field says why.
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    expect(screen.getByText('Choose the type of these documents.')).toBeVisible();
    expect(received).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /Document type/ }));
    await user.click(await screen.findByRole('option', { name: 'Procedure' }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Site procedure');
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));

    expect(await screen.findByRole('row', { name: /PRC-TH-07 thermography\.pdf/ })).toHaveTextContent(
      'Procedure',
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      reportHeaderId: reportId,
      documentType: 'procedure',
      description: 'Site procedure',
    });
    // A file part (jsdom's request does not carry a File's name or bytes; the e2e journey checks those).
    expect(received[0]!.file).toMatchObject({ type: 'application/pdf' });
  });

  it('keeps a document added offline in the queue with its file, and lists it as waiting to sync', async () => {
    serveDocuments();
    const sent: string[] = [];
    server.use(
      http.post(api('/report-supporting-document/upload'), ({ request }) => void sent.push(request.url)),
    );
    const user = userEvent.setup();
    const { container, queryClient } = renderPanel();
    await screen.findByRole('row', { name: /FLIR-T540-calibration\.pdf/ }, { timeout: 5000 });
    // The network goes; the user's sync runs over the screen's cache, with no server to send to.
    const sync = offlineSyncOf('documents-offline', queryClient);

    await user.upload(picker(container), pdf('PRC-TH-07 thermography.pdf'));
    expect(await screen.findByText('Ready')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: /Document type/ }));
    await user.click(await screen.findByRole('option', { name: 'Procedure' }));
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));

    expect(
      await screen.findByText(
        '1 document saved on this device — it will be sent when the connection is back',
      ),
    ).toBeVisible();
    // In the list at once, marked, with nothing sent and nothing to download or delete yet.
    const row = await screen.findByRole('row', { name: /Waiting to sync/ });
    expect(row).toHaveTextContent('Procedure');
    expect(within(row).queryByRole('button', { name: /^(Download|Delete)/ })).toBeNull();
    expect(screen.getByRole('row', { name: /FLIR-T540-calibration\.pdf/ })).not.toHaveTextContent(
      'Waiting to sync',
    );
    expect(sent).toHaveLength(0);
    // The queue holds the upload as its form, the file's bytes with it, named by the file.
    const [change] = await sync.queue.list();
    expect(change).toMatchObject({
      method: 'POST',
      path: '/report-supporting-document/upload',
      label: 'Document PRC-TH-07 thermography.pdf',
    });
    const form = (await sync.queue.bodyOf(change!)) as FormData;
    expect(form.get('documentType')).toBe('procedure');
    expect(form.get('reportHeaderId')).toBe(reportId);
    expect((form.get('file') as File).name).toBe('PRC-TH-07 thermography.pdf');
  });

  it('refuses a file that is not a document before upload, and shows what the server refuses beside its file', async () => {
    serveDocuments();
    server.use(
      http.post(api('/report-supporting-document/upload'), () =>
        errorResponse(413, 'PAYLOAD_TOO_LARGE', 'The file is too large: at most 50 MB is accepted'),
      ),
    );
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderPanel();
    await screen.findByRole('row', { name: /FLIR-T540-calibration\.pdf/ }, { timeout: 5000 });

    const disguised = new File(['just some text, not a PDF'], 'readings.pdf', { type: 'application/pdf' });
    const empty = new File([], 'blank.docx');
    await user.upload(picker(container), [disguised, empty, pdf('huge-scan.pdf')]);

    const item = (name: string) => screen.getByText(name).closest('li')!;
    await waitFor(() =>
      expect(item('readings.pdf')).toHaveTextContent(
        'readings.pdf is not a PDF, Word, Excel, PNG, JPEG, TIFF or DWG file.',
      ),
    );
    expect(item('blank.docx')).toHaveTextContent('blank.docx is empty');
    expect(within(item('readings.pdf')).getByText('Refused')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: /Document type/ }));
    await user.click(await screen.findByRole('option', { name: 'Drawing' }));
    // Only the file that passed the check is offered for upload.
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));

    await waitFor(() =>
      expect(item('huge-scan.pdf')).toHaveTextContent('The file is too large: at most 50 MB is accepted'),
    );
    expect(within(item('huge-scan.pdf')).getByText('Not added')).toBeVisible();
    // Still there, to try again.
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });

  it('offers neither upload nor delete to a role that may only view', async () => {
    serveDocuments(['view']);
    renderPanel();

    const row = await screen.findByRole('row', { name: /FLIR-T540-calibration\.pdf/ }, { timeout: 5000 });
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
  });

  it('does not invite a drop where nothing may be added (a locked report, a viewer)', async () => {
    serveDocuments(['view']);
    server.use(http.get(api('/report-supporting-document'), () => HttpResponse.json(onePage([]))));
    renderPanel();

    expect(await screen.findByText('No documents yet.', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText(/Drop the procedure/)).toBeNull();
  });
});
