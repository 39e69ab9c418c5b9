import { Button } from '@mantine/core';
import { createBrowserHistory, createMemoryHistory, Link, useNavigate } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render.tsx';
import { UnsavedChangesModal } from './UnsavedChangesModal.tsx';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts';

// The app registers its own route tree for type checking; this test's small router has other paths.
const listPath = '/list' as never;

function EditPage() {
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const navigate = useNavigate();
  return (
    <>
      <h1>Edit measurement</h1>
      <Button onClick={() => setDirty(true)}>Change something</Button>
      <Button
        onClick={() => {
          // What a page does right after a successful save, before `dirty` has re-rendered.
          guard.allowNavigation();
          void navigate({ to: listPath });
        }}
      >
        Saved, go back
      </Button>
      <Link to={listPath}>Back to the list</Link>
      <UnsavedChangesModal guard={guard} />
    </>
  );
}

let history: RouterHistory | undefined;

afterEach(() => history?.destroy());

async function openEditPage(inBrowser = false) {
  if (inBrowser) window.history.replaceState(null, '', '/edit');
  history = inBrowser ? createBrowserHistory() : createMemoryHistory({ initialEntries: ['/edit'] });
  renderWithRouter({ '/edit': EditPage, '/list': () => <h1>Measurements</h1> }, history);
  await screen.findByRole('heading', { name: 'Edit measurement' });
}

/** Whether closing or reloading the tab now would make the browser ask first. */
function browserAsksBeforeUnload() {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
}

describe('useUnsavedChangesGuard with UnsavedChangesModal', () => {
  it('lets a clean page go without asking', async () => {
    const user = userEvent.setup();
    await openEditPage();

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));

    expect(await screen.findByRole('heading', { name: 'Measurements' })).toBeInTheDocument();
    expect(screen.queryByText('Discard unsaved changes?')).not.toBeInTheDocument();
  });

  it('asks before leaving unsaved changes: Stay keeps the page, Discard leaves', async () => {
    const user = userEvent.setup();
    await openEditPage();
    await user.click(screen.getByRole('button', { name: 'Change something' }));

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Edit measurement' })).toBeInTheDocument();

    // From the keyboard, staying is the default: Enter on the focused button, or Escape.
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Edit measurement' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    expect(await screen.findByRole('heading', { name: 'Measurements' })).toBeInTheDocument();
  });

  it('lets the page leave right after a save', async () => {
    const user = userEvent.setup();
    await openEditPage();
    await user.click(screen.getByRole('button', { name: 'Change something' }));

    await user.click(screen.getByRole('button', { name: 'Saved, go back' }));

    expect(await screen.findByRole('heading', { name: 'Measurements' })).toBeInTheDocument();
    expect(screen.queryByText('Discard unsaved changes?')).not.toBeInTheDocument();
  });

  it('has the browser ask before closing or reloading the tab, only while there are changes', async () => {
    const user = userEvent.setup();
    await openEditPage(true);
    expect(browserAsksBeforeUnload()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Change something' }));

    expect(browserAsksBeforeUnload()).toBe(true);
  });
});
