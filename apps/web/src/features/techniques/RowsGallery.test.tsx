import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  api,
  editActions,
  envelope,
  grants,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { queuedMark } from '../../engine/offline-queue/queued-mark.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { RowsPanel } from './RowsPanel.tsx';
import { rowKinds } from './technique-queries.ts';
import { allTechniques } from './technique-routes.ts';

vi.mock('../../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

serveMockApi();

const srut = allTechniques.find((t) => t.module === 'srut')!;
const reportId = '00000000-0000-4000-8000-0000000000a1';
const inspection = { id: '00000000-0000-4000-8000-0000000000c1', reportHeaderId: reportId, version: 1 };
const picture = (id: string, name: string) => ({
  id,
  url: `/files/${id}`,
  displayName: name,
  mediaType: 'image/jpeg',
  size: 1000,
  slot: 'imageFile',
});
const view = (n: number, category: string, displayName: string, withPicture = true) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  srutInspectionId: inspection.id,
  category,
  imageType: 'photo',
  displayName,
  imageFile: withPicture ? picture(`00000000-0000-4000-8000-00000000020${n}`, `${displayName}.jpg`) : null,
  version: 1,
});

const views = () => [
  view(1, 'scanArea', 'Annular plate 0–90°'),
  view(2, 'overallView', 'Tank T-101 from the north'),
  view(3, 'scanArea', 'Annular plate 90–180°', false),
];

function renderGallery(rows: Record<string, unknown>[] = views()) {
  signedInAs({ permissions: grants(['srut'], editActions) });
  server.use(
    http.get(api('/srut-general-view-storage-tank/by-inspection'), ({ request }) =>
      new URL(request.url).searchParams.get('inspectionId') === inspection.id
        ? HttpResponse.json(envelope(rows))
        : HttpResponse.json(envelope([])),
    ),
  );
  const kind = rowKinds(srut, 'storage-tank').find((k) => k.gallery)!;
  const scope = { technique: srut, reportId, variant: 'storage-tank' };
  return renderWithRouter(
    {
      '/reports/$reportId/$slug': () => <RowsPanel scope={scope} inspection={inspection} kind={kind} />,
      '/reports/$reportId/$slug/rows/$rowId': () => <p>row form</p>,
    },
    `/reports/${reportId}/srut`,
  );
}

describe('a list declared as a gallery', () => {
  it('shows its pictures under each category in the declared order, captioned, with their actions', async () => {
    const { router } = renderGallery();
    const overall = await screen.findByRole('region', { name: 'Overall view' }, { timeout: 5000 });
    const scanned = screen.getByRole('region', { name: 'Scan area' });
    // Declared order, whatever order the rows came in.
    expect(overall.compareDocumentPosition(scanned) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(scanned).getByText('Annular plate 0–90°')).toBeInTheDocument();
    expect(within(scanned).getByText('Annular plate 90–180°')).toBeInTheDocument();
    expect(scanned.querySelectorAll('img')).toHaveLength(1);
    expect(within(overall).getByText('Tank T-101 from the north')).toBeInTheDocument();

    // A picture opens full size; the caption's edit opens the row's form as a general view.
    await userEvent.click(
      within(overall).getByRole('button', { name: 'Open Tank T-101 from the north full size' }),
    );
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(scanned).getAllByRole('button', { name: /Edit/ })[0]!);
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toMatch(/\/rows\/0+-0000-4000-8000-000000000101$/),
    );
    expect(router.state.location.search).toMatchObject({ list: 'srutGeneralView', variant: 'storage-tank' });
  });

  it('marks a picture whose row waits in the device\'s queue "Waiting to sync", as the table does', async () => {
    const [first, second, third] = views();
    // As the queue's overlay shows a row recorded offline (`queuedMark`).
    renderGallery([first!, { ...second!, [queuedMark]: '00000000-0000-4000-8000-0000000000f1' }, third!]);
    const overall = await screen.findByRole('region', { name: 'Overall view' }, { timeout: 5000 });
    expect(within(overall).getByText('Waiting to sync')).toBeInTheDocument();
    // The rows the server gave say nothing.
    expect(
      within(screen.getByRole('region', { name: 'Scan area' })).queryByText('Waiting to sync'),
    ).toBeNull();
  });
});
