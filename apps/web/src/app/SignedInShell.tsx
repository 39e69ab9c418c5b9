import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, use } from 'react';
import { i18n } from '../i18n/index.ts';
import { loadWorkspaceStrings } from '../i18n/workspace-strings.ts';
import { SignInAgainSlot } from '../engine/useSignInAgain.tsx';
import type { SignInAgainProps } from '../engine/useSignInAgain.tsx';
import { ReportLockScope } from '../features/reports/ReportLock.tsx';
import { AppLayout } from './AppLayout.tsx';
import { AppUpdateNotice } from './AppUpdateNotice.tsx';
import { Notices } from './Notices.tsx';
import { queryClient } from './query-client.ts';

const SignInAgainDialog = lazy(async () => ({
  default: (await import('../features/auth/SignInAgainDialog.tsx')).SignInAgain,
}));

/**
 * The forms' way of signing in again, loaded with the first form rather than with the shell (the
 * dialog, its error text and the field messages behind it): long before its input could need it.
 */
function SignInAgain(p: SignInAgainProps) {
  return (
    <Suspense fallback={null}>
      <SignInAgainDialog {...p} />
    </Suspense>
  );
}

/**
 * The signed-in part of the app: its layout, the query cache, the confirmations and notices only its
 * screens use, the forms' way of signing in again, and the styles of the tables, date pickers and
 * drop zones. Loaded with the first signed-in screen, so the sign-in page downloads none of it.
 */
export function SignedInShell() {
  // Opened in Indonesian (chosen on the sign-in page or before): its words first, the screen after.
  const words = loadWorkspaceStrings(i18n.language);
  if (words) use(words);
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Notices />
        <AppUpdateNotice />
        <SignInAgainSlot.Provider value={SignInAgain}>
          <ReportLockScope>
            <AppLayout />
          </ReportLockScope>
        </SignInAgainSlot.Provider>
      </ModalsProvider>
    </QueryClientProvider>
  );
}
