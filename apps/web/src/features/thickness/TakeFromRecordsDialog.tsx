import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { thicknessReading } from '@inspectra/contract';
import type { ThicknessCandidate } from '@inspectra/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { enumLabel } from '../../engine/entity-labels.ts';
import { formatDate, formatNumber } from '../../engine/locale.ts';
import { thicknessQueries } from './thickness-queries.ts';

/**
 * The picker of a location's readings from other techniques' records: the thicknesses measured on
 * its equipment in approved, current UFD, SRUT and PAUT reports that no reading holds yet (the
 * server's `GET /thickness-readings/candidates`), latest first; the chosen ones are taken in one
 * call, all or none, each judged as a reading typed by hand (its refusal shown here).
 */
export function TakeFromRecordsDialog({
  locationId,
  equipmentNo,
  opened,
  onClose,
  onTaken,
}: {
  locationId: string;
  equipmentNo: string;
  opened: boolean;
  onClose: () => void;
  onTaken: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const candidates = useQuery({ ...thicknessQueries.candidates(locationId), enabled: opened });
  const [chosen, setChosen] = useState<string[]>([]);
  const take = useMutation({
    mutationFn: (recordIds: string[]) =>
      callApi('POST /thickness-readings/from-records', {
        body: { thicknessLocationId: locationId, recordIds },
      }),
    onSuccess: async (_, recordIds) => {
      notifications.show({
        color: 'teal',
        message: t('thickness.fromRecordsTaken', { count: recordIds.length }),
      });
      setChosen([]);
      await onTaken();
    },
  });
  const close = () => {
    setChosen([]);
    take.reset();
    onClose();
  };
  const rows: ThicknessCandidate[] = candidates.data?.rows ?? [];
  const notShown = candidates.data?.notShown ?? 0;
  const toggle = (id: string) =>
    setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('thickness.fromRecordsTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {candidates.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : candidates.isError ? (
          <Alert color="red" role="alert">
            {candidates.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm">{t('thickness.fromRecordsEmpty', { equipmentNo })}</Text>
        ) : (
          <>
            <Text size="sm">{t('thickness.fromRecordsIntro', { equipmentNo })}</Text>
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label={t('thickness.fromRecordsTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48} />
                    <Table.Th>{t('entities.thicknessReading.fields.date')}</Table.Th>
                    <Table.Th>{t('thickness.fromRecordsReport')}</Table.Th>
                    <Table.Th>{t('thickness.fromRecordsMethod')}</Table.Th>
                    <Table.Th>{t('thickness.fromRecordsRecord')}</Table.Th>
                    <Table.Th ta="right">{t('entities.thicknessReading.fields.thicknessMm')} (mm)</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.recordId}>
                      <Table.Td>
                        <Checkbox
                          className="touch-target"
                          checked={chosen.includes(c.recordId)}
                          onChange={() => toggle(c.recordId)}
                          aria-label={t('thickness.fromRecordsChoose', {
                            record: c.label,
                            report: c.reportNumber,
                          })}
                        />
                      </Table.Td>
                      <Table.Td>{formatDate(c.date, language)}</Table.Td>
                      <Table.Td>{c.reportNumber}</Table.Td>
                      <Table.Td>{enumLabel(t, thicknessReading.name, 'method', c.method)}</Table.Td>
                      <Table.Td>{c.label}</Table.Td>
                      <Table.Td ta="right">{formatNumber(c.thicknessMm, language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {notShown > 0 && (
              <Text size="sm" c="dimmed">
                {t('thickness.fromRecordsNotShown', { count: notShown })}
              </Text>
            )}
          </>
        )}
        {take.isError && (
          <Alert color="red" role="alert">
            {take.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={take.isPending}
            onClick={() =>
              take.mutate(rows.filter((c) => chosen.includes(c.recordId)).map((c) => c.recordId))
            }
          >
            {t('thickness.fromRecordsTake', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
