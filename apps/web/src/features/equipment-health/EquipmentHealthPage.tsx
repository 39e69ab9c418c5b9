import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { equipment, techniqueOfMethod } from '@inspectra/contract';
import type {
  EquipmentHealth,
  EquipmentHealthMethod,
  EquipmentHealthNextDue,
  ReportStatus,
} from '@inspectra/contract';
import type { RecordOf } from '../../api/records.ts';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ReferencePicker, referenceListRoute } from '../../engine/ReferencePicker.tsx';
import { formatAge, formatDate } from '../../engine/locale.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { errorText } from '../../ui/error-text.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { inspectionMethodLabel } from '../ndt/ndt-queries.ts';
import { OverdueBadge } from '../my-tasks/TaskStateBadge.tsx';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { FindingBadge } from '../techniques/FindingBadge.tsx';
import { HealthTimeline } from './HealthTimeline.tsx';
import { LatestPhotos } from './LatestPhotos.tsx';
import { NextDue, plannedPeriod } from './NextDue.tsx';
import { OpenFindings } from './OpenFindings.tsx';
import { daysSince, equipmentHealthQuery } from './health-queries.ts';

const equipmentList = referenceListRoute(equipment.name)!;

/** Finds an equipment by its number, tag or description and opens its card. */
function EquipmentSearch({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ReferencePicker
      target={equipment}
      route={equipmentList}
      valueField="equipmentNo"
      value={current}
      label={t('equipmentHealth.search')}
      onChange={(equipmentNo) => {
        if (equipmentNo) void navigate({ to: '/equipment/$equipmentNo', params: { equipmentNo } });
      }}
    />
  );
}

/** Who the equipment is in the asset master, and its drawings. */
function Identity({ health }: { health: EquipmentHealth }) {
  const { t } = useTranslation();
  const e = health.equipment as RecordOf<typeof equipment>;
  const named = (name: string | null, code: string | null | undefined) =>
    code ? (name && name !== code ? `${name} (${code})` : code) : t('common.none');
  const facts: [string, string][] = [
    [t('equipmentHealth.equipmentNo'), e.equipmentNo],
    [t('equipmentHealth.category'), named(health.names.category, e.categoryCode)],
    [t('equipmentHealth.objectType'), named(health.names.objectType, e.objectTypeCode)],
    [t('equipmentHealth.location'), named(health.names.location, e.locationCode)],
    [t('equipmentHealth.plannerGroup'), named(health.names.plannerGroup, e.plannerGroupCode)],
    [t('equipmentHealth.manufacturer'), e.manufacturer ?? t('common.none')],
    [t('equipmentHealth.yearInstalled'), e.yearInstalled ? String(e.yearInstalled) : t('common.none')],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="health-identity">
      <Title order={2} fz="lg" id="health-identity" mb="sm">
        {t('equipmentHealth.identity')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Title order={3} fz="sm" mt="md" mb={4}>
        {t('equipmentHealth.drawings', { count: health.drawingCount })}
      </Title>
      {health.drawings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('equipmentHealth.noDrawings')}
        </Text>
      ) : (
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {health.drawings.map((d) => (
            <Badge component="li" key={d.id} variant="light" color="gray" tt="none">
              {[d.fileName, d.drawingNumber, d.revision && `rev. ${d.revision}`].filter(Boolean).join(' · ')}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}

/** One technique's card: its latest report (a link), its worst finding, when it was done and its next planned. */
function MethodCard({
  method,
  due,
  now,
}: {
  method: EquipmentHealthMethod;
  due: EquipmentHealthNextDue | undefined;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const technique = techniqueOfMethod(method.inspectionMethod);
  const { latest } = method;
  const label = inspectionMethodLabel(t, method.inspectionMethod);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={label}>
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="md">
            {label}
          </Title>
          <Text size="sm" c="dimmed">
            {t('equipmentHealth.reportCount', { count: method.reportCount })}
          </Text>
        </Group>
        <Group gap="xs">
          {latest.worstFinding && technique?.findingGrade ? (
            <FindingBadge technique={technique} level={latest.worstFinding} size="md" />
          ) : (
            <Text size="sm" c="dimmed">
              {t('equipmentHealth.noGradedFinding')}
            </Text>
          )}
        </Group>
        <Text size="sm">
          {latest.date
            ? t('equipmentHealth.lastInspected', {
                date: formatDate(latest.date, i18n.language),
                age: formatAge(daysSince(latest.date, now), i18n.language),
              })
            : t('equipmentHealth.noDate')}
        </Text>
        <Group gap="xs">
          <Text size="sm" c={due?.overdue ? 'red.8' : undefined}>
            {!due
              ? t('equipmentHealth.notPlanned')
              : plannedPeriod(due, i18n.language)
                ? t('equipmentHealth.nextPlanned', { date: plannedPeriod(due, i18n.language) })
                : t('equipmentHealth.nextPlannedUndated')}
          </Text>
          {due?.overdue && <OverdueBadge />}
        </Group>
        <Group gap="xs">
          {can(profile, 'reportHeader', 'view') ? (
            <AnchorLink
              to="/reports/$reportId"
              params={{ reportId: latest.reportHeaderId }}
              size="sm"
              className="touch-target"
              aria-label={t('equipmentHealth.openReport', { number: latest.reportNumber, method: label })}
            >
              <Group gap={4} component="span">
                <IconFileDescription size={16} aria-hidden />
                {latest.reportNumber}
              </Group>
            </AnchorLink>
          ) : (
            <Text size="sm">{latest.reportNumber}</Text>
          )}
          <ReportStatusBadge status={latest.status as ReportStatus} supersededBy={null} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** The card once read: identity, next due, one card per technique, the one timeline, the latest photos. */
function HealthCard({ health }: { health: EquipmentHealth }) {
  const { t } = useTranslation();
  // Ages are counted from when the card was read.
  const now = Date.now();
  const dueOf = new Map(health.nextDue.map((due) => [due.inspectionMethod, due]));
  return (
    <Stack gap="lg">
      <Identity health={health} />
      <NextDue health={health} />
      <OpenFindings equipmentNo={health.equipment.equipmentNo as string} open={health.openRecommendations} />
      {health.methods.length === 0 ? (
        <Text c="dimmed">{t('equipmentHealth.neverInspected')}</Text>
      ) : (
        <>
          <section aria-labelledby="health-methods">
            <Title order={2} fz="lg" id="health-methods" mb="sm">
              {t('equipmentHealth.methods')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {health.methods.map((method) => (
                <MethodCard
                  key={method.inspectionMethod}
                  method={method}
                  due={dueOf.get(method.inspectionMethod)}
                  now={now}
                />
              ))}
            </SimpleGrid>
          </section>
          <HealthTimeline methods={health.methods} />
        </>
      )}
      <LatestPhotos photos={health.photos} />
    </Stack>
  );
}

/**
 * The health card of one equipment (docs/equipment-health.md): found by its number, tag or
 * description, or opened from the asset master, a report or a link; without one chosen, the search.
 */
export function EquipmentHealthPage() {
  const { t } = useTranslation();
  const { equipmentNo } = useParams({ strict: false }) as { equipmentNo?: string };
  const { data, error, isPending } = useQuery({
    ...equipmentHealthQuery(equipmentNo ?? ''),
    enabled: Boolean(equipmentNo),
  });
  const title = data
    ? `${data.equipment.tagNumber} · ${data.equipment.description}`
    : t('equipmentHealth.title');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          data
            ? t('equipmentHealth.subtitleOf', { number: data.equipment.equipmentNo })
            : t('equipmentHealth.subtitle')
        }
        crumbs={[{ label: t('assets.title'), to: '/assets' }, { label: t('equipmentHealth.title') }]}
      />
      <Stack gap="lg">
        <div style={{ maxWidth: 480 }}>
          <EquipmentSearch current={equipmentNo ?? null} />
        </div>
        {equipmentNo && error ? (
          <Alert color="red" title={t('equipmentHealth.notRead')}>
            {errorText(error, t)}
          </Alert>
        ) : equipmentNo && isPending ? (
          <Text c="dimmed">{t('equipmentHealth.loading')}</Text>
        ) : data ? (
          <HealthCard health={data} />
        ) : null}
      </Stack>
    </>
  );
}
