import { Alert, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockExclamation, IconAlertCircle } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { takeReturnTo } from '../../api/session.ts';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle.tsx';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { restoreLanguage } from '../../i18n/language.ts';
import { CredentialFields } from './CredentialFields.tsx';

/** `/auth`: sign in, then go back to where the user was going. `?code=401` means the session ended. */
export function SignInPage() {
  const { t } = useTranslation();
  const { code } = useSearch({ from: '/auth' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState({ username: false, password: false });
  useEffect(() => restoreLanguage(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const empty = { username: !username.trim(), password: !password };
    setMissing(empty);
    if (empty.username || empty.password) return;
    setBusy(true);
    setError(null);
    try {
      // The HTTP client (and the contract's schemas it checks answers with) loads on the first
      // attempt, not with the page: the sign-in page draws sooner on a slow plant network.
      const { signIn } = await import('../../api/http-client.ts');
      await signIn(username.trim(), password);
      // A full load starts the signed-in app with an empty cache: nothing of a previous user survives.
      window.location.assign(takeReturnTo());
    } catch (e) {
      // How a failure reads (the contract's field messages) loads with the failure, not the page.
      setError(
        await import('../../ui/error-text.ts').then(
          ({ errorText }) => errorText(e, t),
          () => t('errors.default'),
        ),
      );
      setPassword('');
      setBusy(false);
    }
  }

  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))">
      <Group component="header" justify="flex-end" p="md" gap="xs">
        <LanguageSelect />
        <ColorSchemeToggle />
      </Group>
      <Center component="main" px="md" pb={80} pt={{ base: 8, sm: 40 }}>
        <Stack w="100%" maw={420} gap="lg">
          <Stack gap={6} align="center">
            <BrandMark size="lg" />
            <Text c="dimmed" ta="center">
              {t('auth.tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <Title order={1} fz={24}>
                  {t('auth.title')}
                </Title>
                {String(code) === '401' && !error && (
                  <Alert color="yellow" icon={<IconClockExclamation aria-hidden />} role="status">
                    {t('auth.sessionExpired')}
                  </Alert>
                )}
                {error && (
                  <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                    {error}
                  </Alert>
                )}
                <CredentialFields
                  username={username}
                  onUsernameChange={setUsername}
                  password={password}
                  onPasswordChange={setPassword}
                  usernameError={missing.username && t('auth.enterUsername')}
                  passwordError={missing.password && t('auth.enterPassword')}
                  focus="username"
                  size="md"
                />
                <Button type="submit" size="md" loading={busy} fullWidth>
                  {t('auth.signIn')}
                </Button>
              </Stack>
            </form>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
