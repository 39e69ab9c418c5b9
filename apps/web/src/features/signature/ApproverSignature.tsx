import { Alert, Loader, Stack } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { useProfile } from '../auth/useProfile.ts';

// The pad and its drawing library load only when an unsigned approver opens the dialog.
const SignatureEditor = lazy(async () => ({
  default: (await import('./SignatureDialog.tsx')).SignatureEditor,
}));

/** The plant-wide approval options (`signatureRequired`), which whoever reads reports may read. */
export const approvalOptionsQuery = queryOptions({
  queryKey: ['approvalOptions'],
  queryFn: async () => (await callApi('GET /inspection-method-approvals/options')).data,
  staleTime: 60_000,
});

/**
 * Whether approving is held back until the approver draws a signature: the approval options require
 * one and the profile says none is stored (the server refuses such an approval too). Asked only
 * when approving without a signature.
 */
export function useSignatureHeldBack(approving: boolean): boolean {
  const unsigned = useProfile().hasSignature === false;
  const options = useQuery({ ...approvalOptionsQuery, enabled: approving && unsigned });
  return approving && unsigned && options.data?.signatureRequired === true;
}

/**
 * In the approve dialog, for an approver without a stored signature (docs/revisions-and-supersession.md):
 * why it is asked (required by the approval options, or only missing from the approval record) and
 * the signature pad to draw and save it there; once saved the profile says so and this goes.
 */
export function ApproverSignature() {
  const { t } = useTranslation();
  const unsigned = useProfile().hasSignature === false;
  const options = useQuery({ ...approvalOptionsQuery, enabled: unsigned });
  if (!unsigned || !options.data) return null;
  const required = options.data.signatureRequired;
  return (
    <Stack gap="sm">
      <Alert
        color={required ? 'yellow' : 'blue'}
        variant="light"
        icon={<IconSignature aria-hidden />}
        title={t(required ? 'supersession.signature.requiredTitle' : 'supersession.signature.askedTitle')}
      >
        {t(required ? 'supersession.signature.requiredText' : 'supersession.signature.askedText')}
      </Alert>
      <Suspense fallback={<Loader size="sm" />}>
        <SignatureEditor hasSignature={false} />
      </Suspense>
    </Stack>
  );
}
