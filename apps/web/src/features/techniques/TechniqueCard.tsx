import { Badge, Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { techniqueOfMethod } from '@inspectra/contract';
import type { ReportTechniqueSummary, TechniqueDefinition } from '@inspectra/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/links.tsx';
import { techniqueDescription, techniqueLabel, variantLabel } from '../../engine/entity-labels.ts';
import type { Report } from '../reports/useReport.ts';
import { inspectionWords } from './entity-words.ts';
import { extensionOf } from './extensions.ts';
import { FindingBadge, worstLevel } from './FindingBadge.tsx';
import { techniqueIcons } from './technique-icons.ts';
import { useReportTechniques } from './technique-queries.ts';
import { useWorkspaceWords } from './useWorkspaceWords.ts';
import { variantOfCategory } from './technique-routes.ts';

/** Whether the report is one of this technique: the technique serves the report's inspection method. */
export function reportIsOf(technique: TechniqueDefinition, report: Report): boolean {
  return techniqueOfMethod(report.inspectionMethod) === technique;
}

/**
 * A technique's card on the report page, from its declaration: icon, colour, name and sentence, how
 * many rows and the worst grade (in its own words and badge when its extension has them), and a button to open
 * it (one per equipment class when the report does not say which).
 */
export function TechniqueCard({ technique, report }: { technique: TechniqueDefinition; report: Report }) {
  const { t } = useTranslation();
  const Icon = techniqueIcons[technique.icon];
  const label = techniqueLabel(t, technique);
  const variant = variantOfCategory(technique, report.equipmentCategory);
  const variants = technique.variants.length === 0 ? [undefined] : variant ? [variant] : technique.variants;
  const extension = extensionOf(technique);
  const words = useWorkspaceWords(technique);
  // The report's figures for every technique come in one call, which never creates a record; it
  // summarises the workspaces the contract declares.
  const known = Boolean(technique.workspace);
  const summaries = useReportTechniques(report.id, known);
  const figures = {
    isPending: summaries.isPending,
    data: summaries.data && figuresOf(summaries.data, technique, variant),
  };
  const worst = figures.data?.worstFinding ?? null;

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
              {technique.workspace?.rows
                ? words('rowCount', { count: figures.data.rows })
                : // Inspections holding no rows are the records: "2 tests".
                  t('workspace.inspectionTotal', {
                    count: figures.data.inspections,
                    ...inspectionWords(t, technique),
                  })}
            </Badge>
            {worst && <FindingBadge technique={technique} level={worst} />}
          </Group>
        ) : figures.data ? (
          <Text size="sm" c="dimmed" mb="md">
            {words('notStarted')}
          </Text>
        ) : null)}
      <Group gap="xs" mt="auto" grow>
        {variants.map((v) => {
          // Several classes to choose from: each button is its class; one: "Open for a pipe".
          const own = !v && extension.words?.open ? t(extension.words.open) : undefined;
          const buttonWords =
            own ??
            (!v
              ? t('workspace.openShort')
              : variants.length > 1
                ? variantLabel(t, technique.workspace?.inspection, v)
                : t('workspace.openFor', {
                    variant: variantLabel(t, technique.workspace?.inspection, v).toLowerCase(),
                  }));
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
              // A technique's own words ("Open thermal analysis") say it already.
              aria-label={
                own ? undefined : t('workspace.openLink', { action: buttonWords, technique: label })
              }
            >
              {buttonWords}
            </ButtonLink>
          );
        })}
      </Group>
    </Card>
  );
}

/**
 * A technique's figures on the report from the report's summaries: of its equipment class when
 * the report names one, else of every class it holds.
 */
function figuresOf(
  summaries: ReportTechniqueSummary[],
  technique: TechniqueDefinition,
  variant: string | undefined,
): { inspections: number; rows: number; worstFinding: string | null } {
  const own = summaries.filter(
    (s) => s.technique === technique.module && (variant === undefined || s.variant === variant),
  );
  return {
    inspections: own.reduce((n, s) => n + s.inspections, 0),
    rows: own.reduce((n, s) => n + s.rows, 0),
    worstFinding: worstLevel(
      technique,
      own.map((s) => s.worstFinding),
    ),
  };
}
