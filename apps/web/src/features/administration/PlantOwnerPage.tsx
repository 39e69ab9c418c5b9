import { Alert, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { plantOwner } from '@inspectra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callRoute, routeOf } from '../../api/calls.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { usePermission } from '../auth/useProfile.ts';

/** The one plant owner, as every signed-in user reads it (null before it is set). */
export const plantOwnerQuery = {
  queryKey: ['plant-owner'],
  queryFn: async () =>
    (await callRoute<Record<string, unknown> | null>(routeOf('GET /plant-owner'))).data ?? null,
};

/**
 * The plant owner for administrators (docs/report-pdf.md): its name, address, city, region and logo,
 * printed on the cover of every report's PDF. One record: the first save creates it, later saves
 * update it. Who may not write it reads it.
 */
export function PlantOwnerPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: owner, isPending } = useQuery(plantOwnerQuery);
  const mayCreate = usePermission('plantOwner', 'create');
  const mayUpdate = usePermission('plantOwner', 'update');
  const mayWrite = owner ? mayUpdate : mayCreate;
  return (
    <>
      <PageHeader
        title={t('administration.plantOwner.title')}
        subtitle={t('administration.plantOwner.subtitle')}
      />
      <Stack gap="md" maw={720}>
        {!isPending && !owner && (
          <Alert color="yellow" title={t('administration.plantOwner.notSet')}>
            {t('administration.plantOwner.notSetText')}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          {isPending ? (
            <Text c="dimmed">{t('common.loading')}</Text>
          ) : mayWrite ? (
            <EntityForm
              key={String(owner?.id ?? 'new')}
              entity={plantOwner}
              record={owner}
              submitLabel={t('common.save')}
              onSubmit={async ({ values, images }) =>
                owner
                  ? (
                      await callRoute(routeOf('PUT /plant-owner/:id'), {
                        params: { id: String(owner.id) },
                        body: { values, images, previous: owner },
                      })
                    ).data
                  : (await callRoute(routeOf('POST /plant-owner'), { body: { values, images } })).data
              }
              onSaved={async () => {
                notifications.show({ color: 'teal', message: t('administration.plantOwner.saved') });
                await queryClient.invalidateQueries({ queryKey: plantOwnerQuery.queryKey });
              }}
            />
          ) : owner ? (
            <RecordDetails
              entity={plantOwner}
              record={owner}
              fields={['ownerName', 'address', 'city', 'region']}
            />
          ) : null}
        </Paper>
      </Stack>
    </>
  );
}
