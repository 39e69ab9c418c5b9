import { Alert, Box, Button, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { maxSignatureBytes } from '@inspectra/contract';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { errorText } from '../../ui/error-text.ts';
import { formatBytes } from '../../engine/locale.ts';
import { profileQuery } from '../auth/useProfile.ts';
import { removeSignature, saveSignature, signatureQuery } from './signature-calls.ts';
import { SignaturePadField } from './SignaturePadField.tsx';
import type { SignaturePadHandle } from './SignaturePadField.tsx';

export type SignatureDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** From the profile; undefined from a server that does not say (then the image is asked for). */
  hasSignature: boolean | undefined;
};

/**
 * "My signature": the signature printed beside the user's approvals on report PDFs, drawn once
 * here (docs/report-of-record.md "Signatures"). Shows the current one, draws a new one on a pad,
 * saves it as a PNG trimmed to its ink, or removes it after asking. Loaded when first opened, with
 * the drawing library, so neither weighs on the shell.
 */
export function SignatureDialog({ opened, onClose, hasSignature }: SignatureDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('signature.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Inside the modal, so closing it forgets the drawing and any refusal. */}
      <SignatureEditor hasSignature={hasSignature} />
    </Modal>
  );
}

/** A drawing the browser could not make small enough: refused here, before the server says so. */
class DrawingTooLarge extends Error {}

export function SignatureEditor({ hasSignature }: { hasSignature: boolean | undefined }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const pad = useRef<SignaturePadHandle>(null);
  const cancelRemoval = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const questionId = useId();
  const [hasInk, setHasInk] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const current = useQuery({ ...signatureQuery, enabled: hasSignature !== false });
  const image = hasSignature === false ? null : (current.data ?? null);
  const imageUrl = useBlobUrl(image);
  const loading = hasSignature !== false && current.isPending;

  const afterChange = (message: string) => {
    notifications.show({ color: 'teal', message });
    // The profile says whether a signature is drawn; the image is refetched with it.
    return queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
  };
  const save = useMutation({
    mutationFn: async () => {
      const png = await pad.current?.toPng();
      if (!png) throw new Error('Nothing is drawn');
      if (png.size > maxSignatureBytes) throw new DrawingTooLarge();
      return saveSignature(png);
    },
    onMutate: () => setRefusal(null),
    onSuccess: () => {
      pad.current?.clear();
      return afterChange(t('signature.saved'));
    },
    onError: (error) => setRefusal(refusalText(error, t, i18n.language)),
  });
  const remove = useMutation({
    mutationFn: removeSignature,
    onMutate: () => setRefusal(null),
    onSuccess: () => {
      setConfirmingRemoval(false);
      queryClient.setQueryData(signatureQuery.queryKey, null);
      return afterChange(t('signature.removed'));
    },
    onError: (error) => {
      setConfirmingRemoval(false);
      setRefusal(errorText(error, t));
    },
  });
  const busy = save.isPending || remove.isPending;

  useEffect(() => {
    if (confirmingRemoval) cancelRemoval.current?.focus();
  }, [confirmingRemoval]);

  return (
    <Stack gap="md">
      <Text size="sm">{t('signature.intro')}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('signature.current')}
        </Text>
        {loading ? (
          <Loader size="sm" />
        ) : current.isError && hasSignature !== false ? (
          <Text size="sm" c="red">
            {t('signature.loadFailed')}
          </Text>
        ) : image ? (
          <Box
            bg="#fff"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)' }}
            w="fit-content"
          >
            {imageUrl && (
              <Image
                src={imageUrl}
                alt={t('signature.currentAlt')}
                h={96}
                w="auto"
                maw="100%"
                fit="contain"
              />
            )}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {t('signature.none')}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t(image ? 'signature.drawNew' : 'signature.drawFirst')}
        </Text>
        <Text size="sm" c="dimmed" id={hintId}>
          {t('signature.padHint')}
        </Text>
        <SignaturePadField ref={pad} label={t('signature.pad')} hintId={hintId} onInkChange={setHasInk} />
      </Stack>
      {refusal && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {refusal}
        </Alert>
      )}
      {confirmingRemoval ? (
        <Stack gap="sm" role="group" aria-labelledby={questionId}>
          <Text size="sm" id={questionId}>
            {t('signature.removeQuestion')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button ref={cancelRemoval} variant="default" onClick={() => setConfirmingRemoval(false)}>
              {t('signature.removeCancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('signature.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {image && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={busy}
                onClick={() => setConfirmingRemoval(true)}
              >
                {t('signature.remove')}
              </Button>
            )}
          </Group>
          <Group gap="sm" ml="auto">
            <Button variant="default" disabled={!hasInk || busy} onClick={() => pad.current?.clear()}>
              {t('signature.clear')}
            </Button>
            <Button disabled={!hasInk} loading={save.isPending} onClick={() => save.mutate()}>
              {t('signature.save')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}

/** The refusal of a save in the user's words: the server's statuses for a bad file, said for a drawing. */
function refusalText(error: unknown, t: TFunction, language: string): string {
  const tooLarge = () => t('signature.tooLarge', { max: formatBytes(maxSignatureBytes, language) });
  if (error instanceof DrawingTooLarge) return tooLarge();
  if (error instanceof ApiError) {
    if (error.status === 413) return tooLarge();
    if (error.status === 415) return t('signature.notAnImage');
    if (error.status === 400) return t('signature.notReceived');
  }
  return errorText(error, t);
}

/** An object URL for a blob, revoked when the blob changes or the dialog closes. */
function useBlobUrl(blob: Blob | null): string | undefined {
  const [shown, setShown] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setShown({ blob, url });
    return () => {
      URL.revokeObjectURL(url);
      setShown(undefined);
    };
  }, [blob]);
  return shown && shown.blob === blob ? shown.url : undefined;
}
