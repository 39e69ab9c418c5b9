import { Button } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { cleanBrowserPerTest } from '../api/test-server.ts';
import { renderWithProviders } from '../test/render.tsx';
import { openDeleteConfirm } from './confirm-delete.tsx';

cleanBrowserPerTest();

function Asker({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      onClick={() =>
        openDeleteConfirm(t, { title: 'Delete this drawing?', text: 'P-101.pdf is removed.', onConfirm })
      }
    >
      Ask
    </Button>
  );
}

describe('openDeleteConfirm', () => {
  it('asks with the title and sentence, deletes only on Delete', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ModalsProvider>
        <Asker onConfirm={onConfirm} />
      </ModalsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this drawing?' });
    expect(dialog).toHaveTextContent('P-101.pdf is removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this drawing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
