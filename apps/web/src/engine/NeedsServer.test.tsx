import { Button } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clientMessages } from '../api/errors.ts';
import { cleanBrowserPerTest } from '../api/test-server.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ChartFigure } from './ChartFigure.tsx';
import { NeedsServer } from './NeedsServer.tsx';
import { RowAction } from './RowAction.tsx';
import { failedOffline, notOnDevice, useOnline } from './useOnline.ts';

cleanBrowserPerTest();
afterEach(() => act(() => onlineManager.setOnline(true)));

const needsServer = 'Needs a connection to the server';

function Network() {
  return <p>{useOnline() ? 'online' : 'offline'}</p>;
}

describe('useOnline', () => {
  it('follows the query cache’s online state as it changes', () => {
    renderWithProviders(<Network />);
    expect(screen.getByText('online')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(screen.getByText('online')).toBeInTheDocument();
  });
});

describe('NeedsServer', () => {
  it('leaves the act alone online; offline holds it back with the reason, and gives it back', async () => {
    const send = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <NeedsServer>
        <Button aria-describedby="why-else" onClick={send}>
          Submit
        </Button>
      </NeedsServer>,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    await user.click(button);
    expect(send).toHaveBeenCalledTimes(1);
    expect(button).toBeEnabled();

    act(() => onlineManager.setOnline(false));
    const held = screen.getByRole('button', { name: 'Submit' });
    expect(held).toHaveAttribute('aria-disabled', 'true');
    // The reason is read with it, beside what else described it.
    expect(held).toHaveAccessibleDescription(needsServer);
    expect(held.getAttribute('aria-describedby')).toMatch(/^why-else /);
    await user.click(held);
    expect(send).toHaveBeenCalledTimes(1);
    // Reachable by keyboard, its tooltip says why.
    act(() => held.blur());
    await user.tab();
    expect(held).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(needsServer);
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledTimes(1);

    act(() => onlineManager.setOnline(true));
    const back = screen.getByRole('button', { name: 'Submit' });
    expect(back).not.toHaveAttribute('aria-disabled');
    expect(back).not.toHaveAccessibleDescription(needsServer);
    await user.click(back);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('an act the offline queue carries (needed false) stays enabled offline', async () => {
    const save = vi.fn();
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <NeedsServer needed={false}>
        <Button onClick={save}>Save</Button>
      </NeedsServer>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('RowAction', () => {
  it('offline, one that needs the server is held back with its reason; the others and the row are not', async () => {
    const download = vi.fn();
    const edit = vi.fn();
    const openRow = vi.fn();
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <div onClick={openRow}>
        <RowAction label="Download P-101.pdf" tooltip="Download" icon="↓" onClick={download} needsServer />
        <RowAction label="Edit F-07-R" tooltip="Edit" icon="✎" onClick={edit} />
      </div>,
    );
    const held = screen.getByRole('button', { name: 'Download P-101.pdf' });
    expect(held).toHaveAttribute('aria-disabled', 'true');
    expect(held).toHaveAccessibleDescription(needsServer);
    await userEvent.click(held);
    expect(download).not.toHaveBeenCalled();
    // A click on a held button does not open its row either.
    expect(openRow).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit F-07-R' }));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(openRow).not.toHaveBeenCalled();
  });
});

describe('not on this device', () => {
  it('tells a failure offline from one online, and a paused read with nothing from one with data', () => {
    const unreached = new ApiError(clientMessages.default, { status: 0 });
    const refused = new ApiError('Not found', { status: 404 });
    expect(failedOffline(unreached)).toBe(false);
    onlineManager.setOnline(false);
    expect(failedOffline(unreached)).toBe(true);
    expect(failedOffline(refused)).toBe(false);
    expect(notOnDevice({ data: undefined, fetchStatus: 'paused', error: null })).toBe(true);
    expect(notOnDevice({ data: undefined, fetchStatus: 'idle', error: unreached })).toBe(true);
    // Kept on the device: shown, whatever the network.
    expect(notOnDevice({ data: [], fetchStatus: 'paused', error: null })).toBe(false);
    expect(notOnDevice({ data: undefined, fetchStatus: 'fetching', error: null })).toBe(false);
  });

  function Trend() {
    const trend = useQuery({ queryKey: ['trend'], queryFn: () => Promise.resolve([1, 2]) });
    return (
      <ChartFigure title="ΔT over its reports" query={trend}>
        <p>{`drawn ${trend.data?.length}`}</p>
      </ChartFigure>
    );
  }

  it('a chart read offline with no copy says so rather than drawing empty axes, and draws once online', async () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<Trend />);
    const figure = screen.getByRole('figure', { name: 'ΔT over its reports' });
    expect(figure).toHaveTextContent('Not on this device — shown when online');
    expect(screen.queryByText(/^drawn/)).not.toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('drawn 2')).toBeInTheDocument();
    expect(figure).not.toHaveTextContent('Not on this device');
  });
});
