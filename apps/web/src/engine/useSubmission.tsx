import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../ui/error-text.ts';

/**
 * A form's send: whether it is under way and how it last failed. The server judges every
 * administration change again; its refusal is what the form shows (`SubmissionFailure`).
 */
export function useSubmission() {
  const [error, setError] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const run = async (send: () => Promise<unknown>) => {
    setSaving(true);
    setError(undefined);
    try {
      await send();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };
  return { run, saving, error, reset: () => setError(undefined) };
}

/**
 * The message of a failed send, in an alert; nothing when there is none. With `shownFields` (the
 * fields the form shows, each with the server's message under it), the alert counts them rather
 * than repeat the server's English summary.
 */
export function SubmissionFailure(p: { error: unknown; shownFields?: readonly string[] }) {
  const { t } = useTranslation();
  if (p.error === undefined) return null;
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{errorText(p.error, t, p.shownFields)}</Text>
    </Alert>
  );
}
