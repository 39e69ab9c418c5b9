import { PasswordInput, TextInput } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type CredentialFieldsProps = {
  username: string;
  onUsernameChange: (value: string) => void;
  password: string;
  onPasswordChange: (value: string) => void;
  /** Messages beside the fields (an empty one left out), e.g. "Enter your username". */
  usernameError?: string | false;
  passwordError?: string | false;
  /** The user is known (signing in again): the name is shown but not changed. */
  usernameReadOnly?: boolean;
  /** Which field takes the focus when the form opens. */
  focus: 'username' | 'password';
  size?: MantineSize;
};

/**
 * Username and password as every sign-in form asks for them: the browser's password manager
 * recognises them, and a tablet's keyboard neither capitalises nor corrects the username.
 */
export function CredentialFields(p: CredentialFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('auth.username')}
        value={p.username}
        onChange={(e) => p.onUsernameChange(e.currentTarget.value)}
        error={p.usernameError}
        readOnly={p.usernameReadOnly}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        withAsterisk={false}
        size={p.size}
        // Mantine's modals focus the element marked data-autofocus; a page focuses autoFocus.
        autoFocus={p.focus === 'username'}
        data-autofocus={p.focus === 'username' || undefined}
      />
      <PasswordInput
        label={t('auth.password')}
        value={p.password}
        onChange={(e) => p.onPasswordChange(e.currentTarget.value)}
        error={p.passwordError}
        autoComplete="current-password"
        required
        withAsterisk={false}
        size={p.size}
        autoFocus={p.focus === 'password'}
        data-autofocus={p.focus === 'password' || undefined}
      />
    </>
  );
}
