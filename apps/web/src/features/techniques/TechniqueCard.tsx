import { Badge, Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { TechniqueDefinition } from '@inspectra/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/links.tsx';
import { techniqueDescription, techniqueLabel, variantLabel } from '../../engine/entity-labels.ts';
import type { Report } from '../reports/useReport.ts';
import { FindingBadge, worstLevel } from './FindingBadge.tsx';
import { techniqueIcons } from './technique-icons.ts';
import { inspectionOf, loadFigures, techniqueKey } from './technique-queries.ts';
import { variantOfCategory } from './technique-routes.ts';

/** Whether the report is one of this technique: its inspection method names the technique. */
export function reportIsOf(technique: TechniqueDefinition, report: Report): boolean {
  const simple = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  const method = report.inspectionMethod ? simple(report.inspectionMethod) : '';
  return (
    method !== '' && [technique.module, technique.slug, technique.label].some((n) => simple(n) === method)
  );
}

/**
 * A technique's card on the report page, from its declaration: icon, colour, name and sentence, how
 * many rows and the worst grade when known, and a button to open it (one per equipment class when the
 * report does not say which).
 */
export function TechniqueCard({ technique, report }: { technique: TechniqueDefinition; report: Report }) {
  const { t } = useTranslation();
  const Icon = techniqueIcons[technique.icon];
  const label = techniqueLabel(t, technique);
  const variant = variantOfCategory(technique, report.equipmentCategory);
  const variants = technique.variants.length === 0 ? [undefined] : variant ? [variant] : technique.variants;
  const inspection = technique.workspace ? inspectionOf(technique) : undefined;
  // Figures need the equipment class, and never create a record by being looked at: a technique whose
  // first read creates its inspection is read only on a report of that technique.
  const known =
    Boolean(inspection) &&
    (technique.variants.length === 0 || variant !== undefined) &&
    !(inspectionCreatedOnRead(technique) && !reportIsOf(technique, report));
  const scope = { technique, reportId: report.id, variant };
  const figures = useQuery({
    queryKey: [...techniqueKey(technique, report.id), variant ?? '', 'figures'],
    queryFn: ({ signal }) => loadFigures(scope, signal),
    enabled: known,
  });
  const worst = figures.data ? worstLevel(technique, figures.data.grades) : null;

  return (
    <Card withBorder radius="md" padding="lg">
      <Group wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color={technique.color}>
          <Icon aria-hidden />
        </ThemeIcon>
        <div>
          <Text fw={700}>{label}</Text>
          <Text size="sm" c="dimmed">
            {techniqueDescription(t, technique)}
          </Text>
        </div>
      </Group>
      {known &&
        (figures.isPending ? (
          <Skeleton h={24} mb="md" aria-label={t('common.loading')} role="status" />
        ) : figures.data && figures.data.inspections > 0 ? (
          <Group gap="xs" mb="md">
            <Badge variant="default" styles={{ label: { textTransform: 'none' } }}>
              {t('workspace.rowCount', { count: figures.data.rows })}
            </Badge>
            {worst && <FindingBadge technique={technique} level={worst} />}
          </Group>
        ) : figures.data ? (
          <Text size="sm" c="dimmed" mb="md">
            {t('workspace.notStarted')}
          </Text>
        ) : null)}
      <Group gap="xs" mt="auto" grow>
        {variants.map((v) => {
          // Several classes to choose from: each button is its class; one: "Open for a pipe".
          const words = !v
            ? t('workspace.openShort')
            : variants.length > 1
              ? variantLabel(t, v)
              : t('workspace.openFor', { variant: variantLabel(t, v).toLowerCase() });
          return (
            <ButtonLink
              key={v ?? 'all'}
              to="/reports/$reportId/$slug"
              params={{ reportId: report.id, slug: technique.slug }}
              search={v ? { variant: v } : {}}
              variant="light"
              color={technique.color}
              rightSection={<IconChevronRight size={16} aria-hidden />}
              // Out of the card, "Open" alone would not say what opens; the words shown come first.
              aria-label={t('workspace.openLink', { action: words, technique: label })}
            >
              {words}
            </ButtonLink>
          );
        })}
      </Group>
    </Card>
  );
}

/** Whether reading the technique's inspection creates it (VCI's analysis, on its first read). */
function inspectionCreatedOnRead(technique: TechniqueDefinition): boolean {
  const entity = technique.workspace?.inspection;
  return technique.routes.some(
    (r) =>
      r.operation.kind === 'getByParent' &&
      r.operation.entity.name === entity?.name &&
      r.operation.createIfMissing,
  );
}
