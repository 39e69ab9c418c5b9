import { Box, Code, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { entities, galleryGroups, reportHeader, techniques, itemsKeyOf } from '@inspectra/contract';
import type {
  EntityDefinition,
  PermissionModule,
  ReportTreeJson,
  ReportTreeListJson,
  ReportTreeRecordJson,
  TechniqueDefinition,
  WorkspaceGallery,
} from '@inspectra/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import {
  enumLabel,
  fieldLabel,
  fieldOf,
  groupTitle,
  imageCategoryLabel,
  imageLabel,
  imageListLabel,
  imageTypeLabel,
  techniqueLabel,
  variantLabel,
} from '../../engine/entity-labels.ts';
import { groupFields } from '../../engine/field-groups.ts';
import { formatFieldValue } from '../../engine/FieldDisplay.tsx';
import { formatBytes } from '../../engine/locale.ts';
import { PhotoViewer } from '../../engine/PhotoViewer.tsx';
import { PhotoThumbnail } from '../../engine/RecordDrawer.tsx';
import { StoredVideo } from '../../engine/VideoPlayer.tsx';
import type { Photo } from '../../engine/PhotoViewer.tsx';
import { can, useProfile } from '../auth/useProfile.ts';
import { FindingBadge } from '../techniques/FindingBadge.tsx';
import { OverrideMark } from '../verdicts/VerdictOverrides.tsx';
import { entityLabel } from '../techniques/entity-words.ts';
import { DownloadReportPdf } from './DownloadReportPdf.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import { shownKeys, tableColumns, valueOf } from './report-tree-layout.ts';
import { useReport } from './useReport.ts';
import { useReportCrumbs } from './useReportCrumbs.ts';

/** The report as one tree (`GET /report-headers/{id}/content`), with its fingerprint now. */
export function reportContentQuery(reportId: string) {
  return {
    queryKey: ['reports', reportId, 'content'],
    queryFn: async () => {
      const answer = await callApi('GET /report-headers/:id/content', { params: { id: reportId } });
      return {
        fingerprint: answer.data.fingerprint,
        content: answer.data.content as unknown as ReportTreeJson,
      };
    },
  };
}

/** Attachment fields as the tree gives them. */
type TreeFile = {
  id: string;
  slot: string;
  imageType: string | null;
  category?: string | null;
  displayName: string;
  mediaType: string;
  size: number;
};

/** What a record of the tree is shown with: its entity's declaration and its technique's grade. */
type Context = { technique: TechniqueDefinition | undefined };

/**
 * The whole report on one page (issue 23): its header, then every technique present in it, each
 * inspection's fields in their declared groups, its rows as a table and then one by one, and
 * photos and documents, laid out from the declarations as its PDF is; so a reviewer reads the
 * report without opening each technique and row. A technique the reader's role may not view says
 * so instead. The fingerprint is the report's as it is now.
 */
export function WholeReportPage() {
  const { t } = useTranslation();
  const { reportId } = useParams({ strict: false }) as { reportId: string };
  const report = useReport(reportId);
  const crumbs = useReportCrumbs(report, { label: t('reports.record.whole.open') });
  const { data } = useSuspenseQuery(reportContentQuery(reportId));
  const profile = useProfile();
  const sections = data.content.sections ?? [];
  return (
    <>
      <PageHeader
        title={t('reports.record.whole.title', { number: report.reportNumber })}
        subtitle={<ReportStatusBadge status={report.status} supersededBy={report.supersededBy} />}
        crumbs={crumbs}
        actions={<DownloadReportPdf reportId={reportId} reportNumber={report.reportNumber} />}
      />
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('reports.record.whole.subtitle')} {t('reports.record.whole.fingerprint')}{' '}
          <Code style={{ wordBreak: 'break-all' }}>{data.fingerprint}</Code>
        </Text>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="whole-header">
          <Title order={2} size="h3" id="whole-header" mb="sm">
            {t('reports.record.whole.header')}
          </Title>
          <RecordBlocks
            entity={reportHeader}
            record={data.content.header}
            context={{ technique: undefined }}
          />
        </Paper>
        {sections.length === 0 && <Text c="dimmed">{t('reports.record.whole.empty')}</Text>}
        {sections.map((section) => {
          const technique = (techniques as readonly TechniqueDefinition[]).find(
            (x) => x.module === section.key,
          );
          const title = technique ? techniqueLabel(t, technique) : section.key;
          const mayView = can(profile, section.key as PermissionModule, 'view');
          return (
            <Paper key={section.key} withBorder radius="md" p="lg" component="section" aria-label={title}>
              <Title order={2} size="h3" mb="md">
                {title}
              </Title>
              {mayView ? (
                <Stack gap="lg">
                  {section.lists.map((list) => (
                    <TreeList key={list.entity} list={list} context={{ technique }} level={3} />
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed">{t('reports.record.whole.notShown')}</Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}

/** The heading level under a given one, kept to h6. */
const below = (level: number) => Math.min(level + 1, 6) as 2 | 3 | 4 | 5 | 6;

/**
 * One list of records: records with lists under them (an inspection) one after another as blocks;
 * rows as a table of their main values, then each row's blocks (every field, its photos).
 */
function TreeList({ list, context, level }: { list: ReportTreeListJson; context: Context; level: number }) {
  const { t } = useTranslation();
  const entity = entities[list.entity];
  if (!entity) return null;
  const label = entityLabel(t, entity);
  const hasLists = list.records.some((record) => record.lists.length > 0);
  const order = Math.min(level, 6) as 2 | 3 | 4 | 5 | 6;
  if (hasLists || list.records.length === 1)
    return (
      <Stack gap="md">
        {list.records.map((record, i) => {
          const title = recordTitle(t, entity, record, i, list.records.length);
          // The one inspection of its technique is the section itself: its title would repeat it.
          const titled = level > 3 || list.records.length > 1 || title !== label;
          const body = (
            <>
              <RecordBlocks entity={entity} record={record} context={context} />
              <Stack gap="lg" mt="md">
                {record.lists.map((inner) => (
                  <TreeList
                    key={inner.entity}
                    list={inner}
                    context={context}
                    level={titled ? below(level) : level}
                  />
                ))}
              </Stack>
            </>
          );
          return titled ? (
            <Box key={String(record.fields.id ?? i)} component="section" aria-label={title}>
              <Title order={order} size="h4" mb="xs">
                {title}
              </Title>
              {body}
            </Box>
          ) : (
            <Box key={String(record.fields.id ?? i)}>{body}</Box>
          );
        })}
      </Stack>
    );
  const caption = t('reports.record.whole.rows', { label, count: list.records.length });
  // A list its technique shows as a gallery (SRUT's general views) reads as one here too.
  const gallery = context.technique?.workspace?.lists?.find((l) => l.entity === entity)?.gallery;
  if (gallery && list.records.length > 0)
    return (
      <Box component="section" aria-label={caption}>
        <Title order={order} size="h4" mb="xs">
          {caption}
        </Title>
        <TreeGallery entity={entity} records={list.records} gallery={gallery} level={below(level)} />
      </Box>
    );
  const columns = tableColumns(entity, list.records, context.technique);
  return (
    <Box component="section" aria-label={caption}>
      <Title order={order} size="h4" mb="xs">
        {caption}
      </Title>
      {list.records.length === 0 ? (
        <Text c="dimmed">{t('reports.record.whole.noRows')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table striped withTableBorder aria-label={caption}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  {columns.map((key) => (
                    <Table.Th key={key}>{fieldLabel(t, entity.name, key, fieldOf(entity, key)!)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.records.map((record, i) => (
                  <Table.Tr key={String(record.fields.id ?? i)}>
                    <Table.Td>{i + 1}</Table.Td>
                    {columns.map((key) => (
                      <Table.Td key={key}>
                        <TreeValue entity={entity} record={record} fieldKey={key} context={context} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="md" mt="md">
            {list.records.map((record, i) => {
              const title = t('reports.record.whole.row', { label, number: i + 1 });
              return (
                <Paper
                  key={String(record.fields.id ?? i)}
                  withBorder
                  radius="sm"
                  p="sm"
                  component="article"
                  aria-label={title}
                >
                  <Title order={below(level)} size="h5" mb="xs">
                    {title}
                  </Title>
                  <RecordBlocks entity={entity} record={record} context={context} />
                  {record.lists.map((inner) => (
                    <TreeList key={inner.entity} list={inner} context={context} level={below(below(level))} />
                  ))}
                </Paper>
              );
            })}
          </Stack>
        </>
      )}
    </Box>
  );
}

/** "Thermal analysis", numbered when the list holds several, with its equipment class. */
function recordTitle(
  t: ReturnType<typeof useTranslation>['t'],
  entity: EntityDefinition,
  record: ReportTreeRecordJson,
  index: number,
  count: number,
): string {
  const label = entityLabel(t, entity);
  const base = count > 1 ? t('reports.record.whole.row', { label, number: index + 1 }) : label;
  const variant = record.fields.variant;
  return typeof variant === 'string' && variant ? `${base} · ${variantLabel(t, entity, variant)}` : base;
}

/**
 * A record's fields as titled blocks, one per declared group (ungrouped fields first under
 * "General" when there are groups), each a grid of label and value; long texts across; then its
 * photos and documents.
 */
function RecordBlocks({
  entity,
  record,
  context,
}: {
  entity: EntityDefinition;
  record: ReportTreeRecordJson;
  context: Context;
}) {
  const { t } = useTranslation();
  const keys = shownKeys(entity, record);
  const sections = groupFields(keys, (key) => entity.fields[key]?.group);
  const grouped = sections.some((s) => s.group);
  const files = (record.attachments ?? []) as unknown as TreeFile[];
  return (
    <Stack gap="md">
      {sections.map(({ group, fields }, i) => (
        <Box key={group ?? `ungrouped-${i}`}>
          {(group || grouped) && (
            <Text fw={600} size="sm" mb={4}>
              {group ? groupTitle(t, entity.name, group) : t('reports.record.whole.general')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="sm" component="dl" m={0}>
            {fields.map((key) => {
              const field = fieldOf(entity, key)!;
              const wide = field.kind === 'longText' || field.kind === 'json';
              return (
                <Stack key={key} gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
                  <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
                    {fieldLabel(t, entity.name, key, field)}
                  </Text>
                  <Text component="dd" m={0}>
                    <TreeValue entity={entity} record={record} fieldKey={key} context={context} />
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
        </Box>
      ))}
      {files.length > 0 && <TreeFiles entity={entity} files={files} />}
    </Stack>
  );
}

/**
 * A value as the report's pages show it: another record by its name (from the tree, no request per
 * value), the finding grade as its badge, else the field's format in the user's language.
 */
function TreeValue({
  entity,
  record,
  fieldKey,
  context,
}: {
  entity: EntityDefinition;
  record: ReportTreeRecordJson;
  fieldKey: string;
  context: Context;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const value = valueOf(record, fieldKey);
  const field = fieldOf(entity, fieldKey);
  const name = record.names?.[fieldKey];
  if (name) return name;
  const technique = context.technique;
  if (technique?.findingGrade?.field === fieldKey && typeof value === 'string' && value)
    return (
      <>
        <FindingBadge technique={technique} level={value} size="sm" />
        <OverrideMark entity={entity} row={{ ...record.fields, ...record.derived }} withReason />
      </>
    );
  if (!field) return value === null || value === undefined ? t('common.none') : String(value);
  const text = formatFieldValue(field, value, t, i18n.language, {
    entityName: entity.name,
    key: fieldKey,
    itemsKey: itemsKeyOf(entity, fieldKey),
  });
  // Long text keeps its line breaks, a list its line per item.
  return field.kind === 'longText' || field.kind === 'json' ? (
    <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
  ) : (
    text
  );
}

/** A file's slot as read: the single slot's label, or the list's with the photo's type. */
function fileLabel(
  t: ReturnType<typeof useTranslation>['t'],
  entity: EntityDefinition,
  file: TreeFile,
): string {
  if (entity.imageLists[file.slot]) {
    return [
      imageListLabel(t, entity, file.slot),
      file.imageType ? imageTypeLabel(t, entity, file.slot, file.imageType) : null,
      file.category ? imageCategoryLabel(t, entity, file.slot, file.category) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  return imageLabel(t, entity, file.slot);
}

/**
 * Photos as thumbnails that open full size (fetched with the session), videos as players (which
 * fetch them in parts as they play), documents listed by name and size.
 */
function TreeFiles({ entity, files }: { entity: EntityDefinition; files: TreeFile[] }) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  const images = files.filter((file) => file.mediaType.startsWith('image/'));
  const videos = files.filter((file) => file.mediaType.startsWith('video/'));
  const documents = files.filter((file) => !images.includes(file) && !videos.includes(file));
  const photos: Photo[] = images.map((file) => ({
    label: fileLabel(t, entity, file),
    name: file.displayName,
    url: `/api/files/${file.id}`,
  }));
  return (
    <Box>
      <Text fw={600} size="sm" mb={4}>
        {t('reports.record.whole.files')}
      </Text>
      {photos.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {photos.map((photo, i) => (
            <WhenNear key={images[i]!.id} height={180}>
              <PhotoThumbnail photo={photo} onOpen={() => setIndex(i)} />
            </WhenNear>
          ))}
        </SimpleGrid>
      )}
      {videos.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" mt="xs">
          {videos.map((file) => (
            <WhenNear key={file.id} height={240}>
              <StoredVideo
                video={{ url: `/api/files/${file.id}`, displayName: file.displayName, size: file.size }}
                label={fileLabel(t, entity, file)}
              />
            </WhenNear>
          ))}
        </SimpleGrid>
      )}
      {documents.length > 0 && (
        <List size="sm" mt="xs">
          {documents.map((file) => (
            <List.Item key={file.id}>
              {fileLabel(t, entity, file)}: {file.displayName} ({formatBytes(file.size, i18n.language)})
            </List.Item>
          ))}
        </List>
      )}
      <PhotoViewer photos={photos} index={index} onIndexChange={setIndex} />
    </Box>
  );
}

/**
 * A gallery's records as their pictures under a heading per value of the grouping field, in its
 * declared order (records without one last), each captioned; one viewer across them all.
 */
function TreeGallery({
  entity,
  records,
  gallery,
  level,
}: {
  entity: EntityDefinition;
  records: ReportTreeRecordJson[];
  gallery: WorkspaceGallery;
  level: 2 | 3 | 4 | 5 | 6;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  const field = entity.fields[gallery.groupBy];
  const groups = galleryGroups(entity, gallery, records, (r, key) => r.fields[key]).map(
    ({ value, rows }) => ({ value, shown: rows }),
  );
  const pictured = groups.flatMap(({ shown }) =>
    shown.flatMap((r) => {
      const file = ((r.attachments ?? []) as unknown as TreeFile[]).find((a) => a.slot === gallery.image);
      const caption = String(r.fields[gallery.caption] ?? '') || (file?.displayName ?? '');
      return file
        ? [{ record: r, photo: { label: caption, name: file.displayName, url: `/api/files/${file.id}` } }]
        : [];
    }),
  );
  return (
    <Stack gap="md">
      {groups.map(({ value, shown }) => (
        <Box key={value}>
          <Title order={level} size="h5" mb="xs">
            {value
              ? enumLabel(t, entity.name, gallery.groupBy, value)
              : t('workspace.noGroup', { field: fieldLabel(t, entity.name, gallery.groupBy, field!) })}{' '}
            ({shown.length})
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {pictured
              .filter((p) => shown.includes(p.record))
              .map((p) => (
                <WhenNear key={p.photo.url} height={180}>
                  <PhotoThumbnail photo={p.photo} onOpen={() => setIndex(pictured.indexOf(p))} />
                </WhenNear>
              ))}
          </SimpleGrid>
        </Box>
      ))}
      <PhotoViewer photos={pictured.map((p) => p.photo)} index={index} onIndexChange={setIndex} />
    </Stack>
  );
}

/**
 * Its children once the place they take comes near the screen: a report of sixty photos fetches
 * them as the reader scrolls, not all at once on a tablet's connection. Where the browser cannot
 * tell (no IntersectionObserver), at once.
 */
function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={ref} style={{ minHeight: height }} />;
}
