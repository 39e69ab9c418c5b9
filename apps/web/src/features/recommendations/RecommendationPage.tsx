import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import type { RecommendationStatus, RecommendationView } from '@inspectra/contract';
import { recommendationTransitions } from '@inspectra/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findingLabel } from '../ndt/ndt-queries.ts';
import { callApi } from '../../api/calls.ts';
import { useDateInputProps } from '../../engine/date-input.ts';
import { formatDate } from '../../engine/locale.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AnchorLink } from '../../ui/links.tsx';
import { usePermission, useProfile } from '../auth/useProfile.ts';
import { EvidencePicker } from './EvidencePicker.tsx';
import { OwnerPicker } from './OwnerPicker.tsx';
import { SeverityBadge } from './SeverityBadge.tsx';
import { ThicknessFiguresWhenOpened } from './ThicknessFiguresWhenOpened.tsx';
import {
  findingSource,
  findingText,
  recommendationQueries,
  recommendationsKey,
} from './recommendation-queries.ts';

/**
 * One finding to close (docs/recommendations.md): where it came from (the report, the equipment's
 * health card), its owner, due date and state, the evidence that closes it, and the work order a
 * planner raises for it in one step. The server judges every change; its refusal is shown.
 */
export function RecommendationPage() {
  const { t } = useTranslation();
  const { recommendationId } = useParams({ from: '/app/recommendations/$recommendationId' });
  const one = useQuery(recommendationQueries.one(recommendationId));
  if (one.isError)
    return (
      <Alert color="red" role="alert">
        {one.error.message}
      </Alert>
    );
  if (!one.data) return null;
  // Keyed by version: a saved change starts the form again from what the server answered.
  return <RecommendationDetails key={one.data.version} r={one.data} t={t} />;
}

function RecommendationDetails({
  r,
  t,
}: {
  r: RecommendationView;
  t: ReturnType<typeof useTranslation>['t'];
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const dateInput = useDateInputProps();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const mayChange = usePermission('workOrder', 'update') && r.status !== 'closed';
  const mayRaise = usePermission('workOrder', 'create') && r.status !== 'closed' && !r.workOrderSPKId;
  const current: RecommendationStatus = r.status ?? 'open';
  const [status, setStatus] = useState<RecommendationStatus>(current);
  const [dueDate, setDueDate] = useState(r.dueDate);
  const [comment, setComment] = useState(r.evidenceComment ?? '');
  const [evidenceReportId, setEvidenceReportId] = useState<string | null>(r.evidenceReportId ?? null);
  const [woNumber, setWoNumber] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: recommendationsKey });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      callApi('PUT /recommendations/:id', { params: { id: r.id }, body: { version: r.version, ...body } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('recommendations.saved') });
      await refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  const raise = useMutation({
    mutationFn: () =>
      callApi('POST /recommendations/:id/work-order', {
        params: { id: r.id },
        body: { woNumber: woNumber.trim() },
      }),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: t('recommendations.raised', { woNumber: woNumber.trim() }),
      });
      await refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  const states = [current, ...recommendationTransitions[current]];
  const finding = findingText(t, r, language);

  return (
    <>
      <PageHeader
        title={finding}
        subtitle={`${findingSource(t, r)} · ${t('recommendations.grade')}: ${
          r.inspectionMethod
            ? findingLabel(t, r.inspectionMethod, r.grade)
            : t(`recommendations.thicknessKinds.${r.grade}`, { defaultValue: r.grade })
        }`}
        crumbs={[{ label: t('recommendations.title'), to: '/recommendations' }, { label: finding }]}
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('recommendations.severity')}
              </Text>
              <Group gap={6}>
                <SeverityBadge severity={r.severity} />
                {r.overdue && (
                  <Badge color="red" variant="filled" styles={{ label: { textTransform: 'none' } }}>
                    {t('recommendations.overdue')}
                  </Badge>
                )}
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('recommendations.equipment')}
              </Text>
              <AnchorLink
                to="/equipment/$equipmentNo"
                params={{ equipmentNo: r.equipmentNo }}
                className="touch-target"
              >
                {r.equipmentNo}
              </AnchorLink>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t(r.reportHeaderId ? 'recommendations.report' : 'recommendations.thicknessLocation')}
              </Text>
              {r.reportHeaderId ? (
                <AnchorLink
                  to="/reports/$reportId"
                  params={{ reportId: r.reportHeaderId }}
                  className="touch-target"
                >
                  {r.reportNumber ?? r.reportHeaderId}
                </AnchorLink>
              ) : (
                r.thicknessLocationId && (
                  <AnchorLink
                    to="/thickness/$locationId"
                    params={{ locationId: r.thicknessLocationId }}
                    className="touch-target"
                  >
                    {r.finding.split(':')[0]}
                  </AnchorLink>
                )
              )}
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('recommendations.owner')}
              </Text>
              {mayChange ? (
                <OwnerPicker
                  ownerId={r.ownerId ?? null}
                  ownerName={r.ownerName}
                  onChange={(ownerId) => save.mutate({ ownerId })}
                  disabled={save.isPending}
                />
              ) : (
                <Text size="sm">{r.ownerName ?? t('recommendations.noOwner')}</Text>
              )}
              {mayChange && r.ownerId !== profile.id && (
                <Button size="xs" variant="light" onClick={() => save.mutate({ ownerId: profile.id })}>
                  {t('recommendations.takeOwnership')}
                </Button>
              )}
            </Stack>
          </SimpleGrid>
          {r.closedAt && (
            <Text size="sm" mt="sm">
              {t('recommendations.closedBy', { date: formatDate(r.closedAt.slice(0, 10), language) })}
            </Text>
          )}
        </Paper>
        <ThicknessFiguresWhenOpened r={r} />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('recommendations.status')}
                data={states.map((s) => ({ value: s, label: t(`recommendations.statuses.${s}`) }))}
                value={status}
                onChange={(v) => v && setStatus(v as RecommendationStatus)}
                readOnly={!mayChange}
                allowDeselect={false}
              />
              <DateInput
                {...dateInput}
                label={t('recommendations.due')}
                value={dueDate}
                // A recommendation always has a due date: it is changed, never emptied.
                onChange={(value) => value && setDueDate(value)}
                readOnly={!mayChange}
              />
            </SimpleGrid>
            <Textarea
              label={t('recommendations.evidenceComment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              readOnly={!mayChange}
              autosize
              minRows={2}
            />
            {mayChange ? (
              <EvidencePicker
                recommendationId={r.id}
                value={evidenceReportId}
                valueLabel={r.evidenceReportNumber}
                onChange={setEvidenceReportId}
              />
            ) : (
              <Text size="xs" c="dimmed">
                {t('recommendations.evidenceReport')}
              </Text>
            )}
            {r.evidenceReportId ? (
              <AnchorLink to="/reports/$reportId" params={{ reportId: r.evidenceReportId }}>
                {r.evidenceReportNumber ?? r.evidenceReportId}
              </AnchorLink>
            ) : (
              !mayChange && <Text size="sm">{t('recommendations.noEvidenceReport')}</Text>
            )}
            {mayChange && (
              <Group>
                <Button
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate({
                      status,
                      dueDate,
                      evidenceComment: comment.trim() || null,
                      ...(evidenceReportId !== (r.evidenceReportId ?? null) ? { evidenceReportId } : {}),
                    })
                  }
                >
                  {t('recommendations.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Text fw={600}>{t('recommendations.workOrder')}</Text>
            {r.workOrderSPKId ? (
              <AnchorLink to="/work-orders/$workOrderId" params={{ workOrderId: r.workOrderSPKId }}>
                {r.woNumber ?? r.workOrderSPKId}
              </AnchorLink>
            ) : mayRaise ? (
              <Group align="flex-end">
                <TextInput
                  label={t('recommendations.woNumber')}
                  value={woNumber}
                  onChange={(e) => setWoNumber(e.currentTarget.value)}
                />
                <Button loading={raise.isPending} disabled={!woNumber.trim()} onClick={() => raise.mutate()}>
                  {t('recommendations.raiseWorkOrder')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t(
                  r.status === 'closed'
                    ? 'recommendations.closedWithoutWorkOrder'
                    : 'recommendations.noWorkOrder',
                )}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
