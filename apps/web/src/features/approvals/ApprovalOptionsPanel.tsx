import { Paper, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { usePermission } from '../auth/useProfile.ts';
import { approvalOptionsQuery } from '../signature/ApproverSignature.tsx';

/**
 * The plant-wide approval options on the approval settings page (docs/revisions-and-supersession.md):
 * whether approving needs the approver's stored signature. A role that may only view the settings
 * sees the switch disabled.
 */
export function ApprovalOptionsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayChange = usePermission('approval', 'update');
  const options = useQuery(approvalOptionsQuery);
  const save = useMutation({
    mutationFn: async (signatureRequired: boolean) =>
      (await callApi('PUT /inspection-method-approvals/options', { body: { signatureRequired } })).data,
    onSuccess: (data) => {
      queryClient.setQueryData(approvalOptionsQuery.queryKey, data);
      notifications.show({ color: 'teal', message: t('supersession.options.saved') });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('supersession.options.failed'),
        message: errorText(error, t),
      }),
  });
  return (
    <Paper withBorder radius="md" p="lg" mb="md">
      <Title order={2} fz="lg" mb="sm">
        {t('supersession.options.title')}
      </Title>
      <Switch
        label={t('supersession.options.signatureRequired')}
        description={t('supersession.options.signatureRequiredHelp')}
        checked={options.data?.signatureRequired ?? false}
        disabled={!mayChange || !options.data || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
      {options.isError && (
        <Text size="sm" c="red" mt="xs">
          {errorText(options.error, t)}
        </Text>
      )}
    </Paper>
  );
}
