import { Alert, Button, FileButton, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import type { EntityDefinition, ImportResult } from '@inspectra/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/http-client.ts';
import { ApiError } from '../api/errors.ts';
import { errorText } from '../ui/error-text.ts';
import { saveDownload } from '../api/save-file.ts';
import { fieldLabel } from './entity-labels.ts';
import { formatNumber } from './locale.ts';
import { NeedsServer } from './NeedsServer.tsx';
import { rowProblems, sheetRoutesOf, templateFileName } from './sheet-routes.ts';
import type { RowProblem } from './sheet-routes.ts';

/** Rows listed on screen; a larger import says how many more there are. */
const shownRows = 200;

export type SheetImportProps = {
  entity: EntityDefinition;
  variant?: string;
  /** Called after rows were written (to refresh the list they went into). */
  onImported?: (result: ImportResult) => void;
};

type Outcome =
  | { kind: 'imported'; result: ImportResult }
  | { kind: 'rowErrors'; message: string; problems: RowProblem[] }
  | { kind: 'refused'; message: string };

/**
 * Download the template and load it back, for any entity whose route table has an import (and a
 * template) call. An import is all or nothing: the planner sees what was created or updated, or
 * every row's problems with the column they are in, fixes the sheet and imports it again.
 */
export function SheetImport(p: SheetImportProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { importRoute, templateRoute } = sheetRoutesOf(p.entity, p.variant);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await apiRequest<ImportResult>({ method: importRoute!.method, url: importRoute!.path, data: form })
      ).data;
    },
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      setOutcome({ kind: 'imported', result });
      p.onImported?.(result);
    },
    onError: (error) => {
      const problems = error instanceof ApiError ? rowProblems(error.details) : [];
      setOutcome(
        problems.length > 0
          ? { kind: 'rowErrors', message: error.message, problems }
          : { kind: 'refused', message: errorText(error, t) },
      );
    },
  });

  async function downloadTemplate() {
    setDownloadError(null);
    try {
      await saveDownload(`/api${templateRoute!.path}`, templateFileName(p.entity));
    } catch (error) {
      setDownloadError(errorText(error, t));
    }
  }

  const columnName = (field: string) => {
    const declared = p.entity.fields[field];
    return declared ? fieldLabel(t, p.entity.name, field, declared) : field;
  };
  if (!importRoute) return null;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        {templateRoute && (
          <NeedsServer>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void downloadTemplate()}
            >
              {t('engine.sheetImport.downloadTemplate')}
            </Button>
          </NeedsServer>
        )}
        <FileButton
          onChange={(file) => file && upload.mutate(file)}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <NeedsServer>
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {t('engine.sheetImport.import')}
              </Button>
            </NeedsServer>
          )}
        </FileButton>
      </Group>
      {downloadError && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={t('engine.sheetImport.downloadFailed')}
        >
          {downloadError}
        </Alert>
      )}
      {outcome?.kind === 'imported' && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title={t('engine.sheetImport.imported')}
          role="status"
        >
          <Stack gap="xs">
            <Text size="sm">
              {t('engine.sheetImport.importedCounts', {
                created: formatNumber(outcome.result.created, language),
                updated: formatNumber(outcome.result.updated, language),
              })}
            </Text>
            <ResultTable
              caption={t('engine.sheetImport.importedRows')}
              head={[t('engine.sheetImport.row'), t('engine.sheetImport.result')]}
              rows={outcome.result.rows.map((r) => [
                formatNumber(r.rowNumber, language),
                t(`engine.sheetImport.${r.status}`),
              ])}
              more={(n) => t('engine.sheetImport.moreRows', { count: n })}
            />
          </Stack>
        </Alert>
      )}
      {outcome?.kind === 'rowErrors' && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('engine.sheetImport.nothingImported')}
          role="alert"
        >
          <Stack gap="xs">
            <Text size="sm">{outcome.message}</Text>
            <ResultTable
              caption={t('engine.sheetImport.rowErrors')}
              head={[
                t('engine.sheetImport.row'),
                t('engine.sheetImport.column'),
                t('engine.sheetImport.problem'),
              ]}
              rows={outcome.problems.map((e) => [
                formatNumber(e.rowNumber, language),
                columnName(e.field),
                e.message,
              ])}
              more={(n) => t('engine.sheetImport.moreRows', { count: n })}
            />
          </Stack>
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('engine.sheetImport.fileRefused')}
          role="alert"
        >
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}

/** A plain table of the first rows of a result, scrolled when long. */
function ResultTable(p: { caption: string; head: string[]; rows: string[][]; more: (n: number) => string }) {
  return (
    <>
      <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped withTableBorder fz="sm" captionSide="top">
          <Table.Caption>{p.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {p.head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.rows.slice(0, shownRows).map((cells, i) => (
              <Table.Tr key={i}>
                {cells.map((c, j) => (
                  <Table.Td key={j}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {p.rows.length > shownRows && (
        <Text size="sm" c="dimmed">
          {p.more(p.rows.length - shownRows)}
        </Text>
      )}
    </>
  );
}
