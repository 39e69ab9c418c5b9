import { Drawer, Modal, Notification } from '@mantine/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('theme', () => {
  it('names every close button, in the language of the moment', async () => {
    renderWithProviders(<Notification title="Saved">Measurement added</Notification>);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await i18n.changeLanguage('id');
    renderWithProviders(
      <>
        <Modal opened onClose={() => {}} title="Hapus">
          …
        </Modal>
        <Drawer opened onClose={() => {}} title="Rincian">
          …
        </Drawer>
      </>,
    );
    expect(await screen.findAllByRole('button', { name: 'Tutup' })).toHaveLength(2);
    // Their title bars are no page banners.
    expect(screen.queryAllByRole('banner')).toHaveLength(0);
  });
});
