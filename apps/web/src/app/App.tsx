import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router.tsx';
import { theme } from './theme.ts';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'inspectra.color-scheme' });

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
