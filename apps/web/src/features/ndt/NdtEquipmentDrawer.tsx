import { Alert, Button, Divider, Drawer, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ndtEquipment } from '@inspectra/contract';
import { IconDownload, IconFileDescription, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { formatBytes } from '../../engine/locale.ts';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { RowAction } from '../../engine/RowAction.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { saveDownload } from '../../api/save-file.ts';
import { IsometricUploadForm } from './IsometricUploadForm.tsx';
import { NdtHistory } from './NdtHistory.tsx';
import { isometricDownloadUrl, ndtKey, ndtQueries } from './ndt-queries.ts';
import type { NdtEquipmentListItem, NdtIsometric } from './ndt-queries.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';

/**
 * One piece of equipment: its details, last inspections and isometric drawings, which download,
 * upload and go. Editing opens the equipment form (`onEdit`).
 */
export function NdtEquipmentDrawer(p: {
  equipment: NdtEquipmentListItem | null;
  onClose: () => void;
  onEdit: (equipment: NdtEquipmentListItem) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayUpdate = usePermission('ndt', 'update');
  const mayDelete = usePermission('ndt', 'delete');
  const equipment = p.equipment;

  const removeEquipment = useMutation({
    mutationFn: (e: NdtEquipmentListItem) =>
      callApi('DELETE /ndt-equipment-list/:id', { params: { id: e.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('ndt.equipmentDeleted') });
      p.onClose();
      await queryClient.invalidateQueries({ queryKey: ndtKey });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });

  function confirmDelete(e: NdtEquipmentListItem) {
    openDeleteConfirm(t, {
      title: t('ndt.deleteEquipmentTitle'),
      text: t('ndt.deleteEquipmentText', { number: e.equipmentNo }),
      onConfirm: () => removeEquipment.mutate(e),
    });
  }

  return (
    <Drawer
      opened={equipment !== null}
      onClose={p.onClose}
      position="right"
      size="xl"
      title={equipment ? t('ndt.equipmentTitle', { number: equipment.equipmentNo }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {equipment && (
        <Stack gap="lg">
          {(mayUpdate || (mayDelete && equipment.isometricCount === 0)) && (
            <Group gap="sm">
              {mayUpdate && (
                <Button
                  leftSection={<IconPencil size={18} aria-hidden />}
                  onClick={() => p.onEdit(equipment)}
                >
                  {t('ndt.editEquipment')}
                </Button>
              )}
              {/* The server keeps equipment that still has drawings: the button shows only when it can work. */}
              {mayDelete && equipment.isometricCount === 0 && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => confirmDelete(equipment)}
                >
                  {t('common.delete')}
                </Button>
              )}
            </Group>
          )}
          <RecordDetails
            entity={ndtEquipment}
            record={equipment}
            fields={['equipmentNo', 'tagNumber', 'objectType', 'location', 'description']}
            narrow
          />
          <section>
            <Title order={3} fz="md" mb="xs">
              {t('ndt.lastInspections')}
            </Title>
            <NdtHistory history={equipment.history} />
          </section>
          <Divider />
          <Isometrics equipment={equipment} />
        </Stack>
      )}
    </Drawer>
  );
}

function Isometrics({ equipment }: { equipment: NdtEquipmentListItem }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const mayCreate = usePermission('ndt', 'create');
  const mayDelete = usePermission('ndt', 'delete');
  const drawings = useQuery(ndtQueries.isometrics(equipment.equipmentNo));

  const remove = useMutation({
    mutationFn: (d: NdtIsometric) =>
      callApi('DELETE /ndt-equipment-list/isometrics', { query: { id: d.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('ndt.drawingDeleted') });
      await queryClient.invalidateQueries({ queryKey: ndtKey });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });

  function confirmDelete(d: NdtIsometric) {
    openDeleteConfirm(t, {
      title: t('ndt.deleteDrawingTitle'),
      text: t('ndt.deleteDrawingText', { name: d.fileName }),
      onConfirm: () => remove.mutate(d),
    });
  }

  async function download(d: NdtIsometric) {
    try {
      await saveDownload(isometricDownloadUrl(d.fileName, equipment.equipmentNo), d.fileName);
    } catch (e) {
      notifications.show({ color: 'red', title: t('ndt.downloadFailed'), message: errorText(e, t) });
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz="md" mb="xs" id={headingId}>
        {t('ndt.drawings')}
      </Title>
      {drawings.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : drawings.isError ? (
        <Alert color="red" role="alert">
          {errorText(drawings.error, t)}
        </Alert>
      ) : drawings.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ndt.noDrawings')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {drawings.data.map((d) => (
            <Paper component="li" key={d.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileDescription size={22} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {d.fileName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        d.drawingNumber && t('ndt.drawingNumberShort', { number: d.drawingNumber }),
                        d.revision && t('ndt.revisionShort', { revision: d.revision }),
                        d.drawing && formatBytes(d.drawing.size, i18n.language),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    label={t('ndt.downloadDrawing', { name: d.fileName })}
                    tooltip={t('ndt.download')}
                    icon={<IconDownload size={18} aria-hidden />}
                    onClick={() => void download(d)}
                    needsServer
                  />
                  {mayDelete && (
                    <RowAction
                      label={t('ndt.deleteDrawing', { name: d.fileName })}
                      tooltip={t('common.delete')}
                      color="red"
                      icon={<IconTrash size={18} aria-hidden />}
                      onClick={() => confirmDelete(d)}
                    />
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {mayCreate && (
        <Paper withBorder radius="md" p="md" mt="md">
          <Title order={4} fz="sm" mb="sm">
            {t('ndt.addDrawing')}
          </Title>
          <IsometricUploadForm
            equipmentId={equipment.id}
            onUploaded={async () => {
              notifications.show({ color: 'teal', message: t('ndt.drawingUploaded') });
              await queryClient.invalidateQueries({ queryKey: ndtKey });
            }}
          />
        </Paper>
      )}
    </section>
  );
}
