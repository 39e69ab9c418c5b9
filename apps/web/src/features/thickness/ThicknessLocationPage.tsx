import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { thicknessLocation, thicknessReading } from '@inspectra/contract';
import type { ThicknessLocationView } from '@inspectra/contract';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { enumLabel } from '../../engine/entity-labels.ts';
import { formatDate, formatNumber } from '../../engine/locale.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ThicknessChart } from './ThicknessChart.tsx';
import { ThicknessStatusBadge } from './ThicknessStatusBadge.tsx';
import { thicknessKey, thicknessQueries } from './thickness-queries.ts';
import type { ThicknessReadingRecord } from './thickness-queries.ts';

// Opened by those who take readings, and not on every visit: loaded when first opened.
const TakeFromRecordsDialog = lazy(() =>
  import('./TakeFromRecordsDialog.tsx').then((m) => ({ default: m.TakeFromRecordsDialog })),
);

/** One worked-out value of the location, large, with its label. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * One thickness location: its rates, remaining life, next inspection and status as the server works
 * them out, its thickness over time with the required line and the projection, and its readings to
 * add, correct or delete.
 */
export function ThicknessLocationPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { locationId } = useParams({ from: '/app/thickness/$locationId' });
  const mayCreate = usePermission('thickness', 'create');
  const mayUpdate = usePermission('thickness', 'update');
  const mayDelete = usePermission('thickness', 'delete');
  const location = useQuery(thicknessQueries.location(locationId));
  const readings = useQuery(thicknessQueries.readings(locationId));
  const [editingReading, setEditingReading] = useState<ThicknessReadingRecord | 'new' | null>(null);
  const [editingLocation, setEditingLocation] = useState(false);
  const [takingFromRecords, setTakingFromRecords] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: thicknessKey });

  const removeReading = useMutation({
    mutationFn: (r: ThicknessReadingRecord) =>
      callApi('DELETE /thickness-readings/:id', { params: { id: r.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('thickness.readingDeleted') });
      await refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  const removeLocation = useMutation({
    mutationFn: () => callApi('DELETE /thickness-locations/:id', { params: { id: locationId } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('thickness.locationDeleted') });
      await refresh();
      await navigate({ to: '/thickness' });
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });

  if (location.isError)
    return (
      <Alert color="red" role="alert">
        {location.error.message}
      </Alert>
    );
  const l: ThicknessLocationView | undefined = location.data;
  if (!l) return null;
  const rate = (v: number | null) =>
    v === null
      ? t('thickness.notWorkedOut')
      : t('thickness.ratePerYear', { value: formatNumber(v, language) });
  const rows = readings.data?.rows ?? [];
  const readingsNotShown = readings.data?.notShown ?? 0;
  /** "−1 mm", "+0.3 mm": a change says its direction. */
  const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatNumber(Math.abs(v), language)}`;

  return (
    <>
      <PageHeader
        title={`${l.equipmentNo} · ${l.name}`}
        subtitle={[enumLabel(t, thicknessLocation.name, 'code', l.code), l.component]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <Group gap="sm">
            <AnchorLink to="/thickness" search={{ equipmentNo: l.equipmentNo }} className="touch-target">
              {t('thickness.back')}
            </AnchorLink>
            {mayUpdate && (
              <Button variant="default" onClick={() => setEditingLocation(true)}>
                {t('thickness.editLocation')}
              </Button>
            )}
            {mayDelete && (
              <Button
                color="red"
                variant="light"
                onClick={() =>
                  openDeleteConfirm(t, {
                    title: t('thickness.deleteLocationTitle'),
                    text: t('thickness.deleteLocationText', { name: l.name }),
                    onConfirm: () => removeLocation.mutate(),
                  })
                }
              >
                {t('thickness.delete')}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <Group gap="sm">
          <ThicknessStatusBadge status={l.status} />
          <Text size="sm" c="dimmed">
            {t('thickness.nominal', {
              value: formatNumber(l.nominalThicknessMm, language),
              required: formatNumber(l.requiredThicknessMm, language),
            })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Figure label={t('thickness.longTermRate')} value={rate(l.corrosionRateLongTermMmPerYear)} />
          <Figure label={t('thickness.shortTermRate')} value={rate(l.corrosionRateShortTermMmPerYear)} />
          <Figure
            label={t('thickness.remainingLife')}
            value={
              l.remainingLifeYears === null
                ? t('thickness.notWorkedOut')
                : t('thickness.years', { value: formatNumber(l.remainingLifeYears, language) })
            }
          />
          <Figure
            label={t('thickness.nextInspection')}
            value={
              l.nextInspectionDate ? formatDate(l.nextInspectionDate, language) : t('thickness.notWorkedOut')
            }
          />
        </SimpleGrid>
        {l.rateNote && (
          <Alert color={l.rateNote === 'growthNotUsed' ? 'orange' : 'gray'}>
            {t(`thickness.notes.${l.rateNote}`)}
          </Alert>
        )}
        <ThicknessChart location={l} readings={rows} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} fz="md">
                {t('thickness.readings')}
              </Title>
              {mayCreate && (
                <Group gap="sm">
                  <Button variant="default" onClick={() => setTakingFromRecords(true)}>
                    {t('thickness.fromRecords')}
                  </Button>
                  <Button
                    leftSection={<IconPlus size={18} aria-hidden />}
                    onClick={() => setEditingReading('new')}
                  >
                    {t('thickness.addReading')}
                  </Button>
                </Group>
              )}
            </Group>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('thickness.noReadings')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped aria-label={t('thickness.readings')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('entities.thicknessReading.fields.date')}</Table.Th>
                      <Table.Th ta="right">{t('entities.thicknessReading.fields.thicknessMm')} (mm)</Table.Th>
                      <Table.Th ta="right">{t('thickness.change')}</Table.Th>
                      <Table.Th ta="right">{t('thickness.rateOverInterval')}</Table.Th>
                      <Table.Th>{t('entities.thicknessReading.fields.method')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>{formatDate(r.date, language)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(r.thicknessMm, language)}</Table.Td>
                        {r.changeMm === null ? (
                          <Table.Td colSpan={2} ta="right" c="dimmed">
                            {t('thickness.firstReading')}
                          </Table.Td>
                        ) : (
                          <>
                            <Table.Td ta="right">
                              {t('thickness.changeValue', { value: signed(r.changeMm) })}
                            </Table.Td>
                            <Table.Td ta="right">
                              {r.rateMmPerYear === null
                                ? t('thickness.notWorkedOut')
                                : t('thickness.ratePerYear', {
                                    value: formatNumber(r.rateMmPerYear, language),
                                  })}
                            </Table.Td>
                          </>
                        )}
                        <Table.Td>{enumLabel(t, thicknessReading.name, 'method', r.method)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {mayUpdate && (
                              <Button size="xs" variant="default" onClick={() => setEditingReading(r)}>
                                {t('thickness.edit')}
                              </Button>
                            )}
                            {mayDelete && (
                              <Button
                                size="xs"
                                color="red"
                                variant="light"
                                onClick={() =>
                                  openDeleteConfirm(t, {
                                    title: t('thickness.deleteReadingTitle'),
                                    text: t('thickness.deleteReadingText', {
                                      date: formatDate(r.date, language),
                                    }),
                                    onConfirm: () => removeReading.mutate(r),
                                  })
                                }
                              >
                                {t('thickness.delete')}
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {readingsNotShown > 0 && (
              <Text size="sm" c="dimmed">
                {t('thickness.readingsNotShown', { count: readingsNotShown })}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
      <Modal
        opened={editingReading !== null}
        onClose={() => setEditingReading(null)}
        title={t(editingReading === 'new' ? 'thickness.addReading' : 'thickness.editReading')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editingReading !== null && (
          <EntityForm
            key={editingReading === 'new' ? 'new' : editingReading.id}
            entity={thicknessReading}
            record={editingReading === 'new' ? null : editingReading}
            parentId={locationId}
            defaults={{ thicknessLocationId: locationId, method: 'utSpot' }}
            submitLabel={t(editingReading === 'new' ? 'thickness.addReading' : 'common.save')}
            onCancel={() => setEditingReading(null)}
            onSubmit={async ({ values }) =>
              editingReading === 'new'
                ? (
                    await callApi('POST /thickness-readings', {
                      body: { values: { ...values, thicknessLocationId: locationId } },
                    })
                  ).data
                : (
                    await callApi('PUT /thickness-readings/:id', {
                      params: { id: editingReading.id },
                      body: { values, previous: editingReading },
                    })
                  ).data
            }
            onSaved={async () => {
              notifications.show({
                color: 'teal',
                message: t(editingReading === 'new' ? 'thickness.readingAdded' : 'thickness.readingSaved'),
              });
              setEditingReading(null);
              await refresh();
            }}
          />
        )}
      </Modal>
      {takingFromRecords && (
        <Suspense fallback={null}>
          <TakeFromRecordsDialog
            locationId={locationId}
            equipmentNo={l.equipmentNo}
            opened={takingFromRecords}
            onClose={() => setTakingFromRecords(false)}
            onTaken={async () => {
              setTakingFromRecords(false);
              await refresh();
            }}
          />
        </Suspense>
      )}
      <Modal
        opened={editingLocation}
        onClose={() => setEditingLocation(false)}
        title={t('thickness.editLocation')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editingLocation && (
          <EntityForm
            entity={thicknessLocation}
            record={l}
            submitLabel={t('common.save')}
            onCancel={() => setEditingLocation(false)}
            onSubmit={async ({ values }) =>
              (
                await callApi('PUT /thickness-locations/:id', {
                  params: { id: l.id },
                  body: { values, previous: l },
                })
              ).data
            }
            onSaved={async () => {
              notifications.show({ color: 'teal', message: t('thickness.locationSaved') });
              setEditingLocation(false);
              await refresh();
            }}
          />
        )}
      </Modal>
    </>
  );
}
