import { Alert, Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFileSpreadsheet, IconTableExport, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { errorText } from '../../ui/error-text.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';
import { formatBytes, formatNumber } from '../../engine/locale.ts';
import { assignmentCalls } from './assignment-calls.ts';
import type { ImportFailure, ImportReport, RowResult } from './bulk-assignment.ts';
import { importBounds, xlsxMediaType } from './import-bounds.ts';
import { failureMessage, rowMessage, summaryMessage } from './import-messages.ts';
import { saveDownload, saveFile } from '../../api/save-file.ts';

type ImportState =
  | { phase: 'idle' }
  | { phase: 'running'; fileName: string; done: number; total: number }
  | { phase: 'failed'; fileName: string; failure: ImportFailure }
  | { phase: 'done'; fileName: string; report: ImportReport };

const outcomeColor: Record<RowResult['outcome'], string> = {
  assigned: 'teal',
  failed: 'red',
  skipped: 'gray',
};

/** 'campaign.xlsx' → 'campaign - results.xlsx' (the file name read back says what it holds). */
const resultsFileName = (fileName: string) =>
  `${fileName.replace(/\.xlsx$/i, '') || 'task-assignments'} - results.xlsx`;

/**
 * Bulk task assignment (SPEC 5, 8): the planner downloads the template, drops the filled sheet,
 * watches the rows being assigned, then reads every row's result and can export them. The server
 * reads the sheet and writes the results file; the import itself loads only when a file is chosen.
 */
export function BulkAssignmentImport() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const [templateError, setTemplateError] = useState<string | null>(null);
  const [templateLoading, setTemplateLoading] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const leaving = useRef<AbortController | null>(null);
  const openPicker = useRef<() => void>(null);
  const dropTextId = useId();
  useEffect(() => () => leaving.current?.abort(), []);

  async function run(file: File | undefined) {
    if (!file) return;
    leaving.current = new AbortController();
    const signal = leaving.current.signal;
    setExportError(null);
    setState({ phase: 'running', fileName: file.name, done: 0, total: 0 });
    const { ImportError, importTaskAssignments } = await import('./bulk-assignment.ts');
    try {
      const report = await importTaskAssignments(file, assignmentCalls, {
        signal,
        onProgress: (done, total) =>
          !signal.aborted && setState({ phase: 'running', fileName: file.name, done, total }),
      });
      if (!signal.aborted) setState({ phase: 'done', fileName: file.name, report });
    } catch (error) {
      if (signal.aborted) return;
      const failure: ImportFailure =
        error instanceof ImportError ? error.failure : { kind: 'importFailed', reason: { error } };
      setState({ phase: 'failed', fileName: file.name, failure });
    }
  }

  async function downloadTemplate() {
    setTemplateError(null);
    setTemplateLoading(true);
    try {
      await saveDownload('/wo-task-assignments/export/template', 'task-assignment-template.xlsx');
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setTemplateError(t('taskAssignmentImport.messages.templateFailed', { status }));
    } finally {
      setTemplateLoading(false);
    }
  }

  async function exportResults(report: ImportReport, fileName: string) {
    setExportError(null);
    setExporting(true);
    try {
      const { resultsWorkbook } = await import('./results-sheet.ts');
      saveFile(await resultsWorkbook(t, report), resultsFileName(fileName));
    } catch (error) {
      setExportError(t('taskAssignmentImport.exportFailed', { reason: errorText(error, t) }));
    } finally {
      setExporting(false);
    }
  }

  const running = state.phase === 'running';
  return (
    <Stack gap="md">
      <Group>
        <NeedsServer>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void downloadTemplate()}
            loading={templateLoading}
          >
            {t('taskAssignmentImport.downloadTemplate')}
          </Button>
        </NeedsServer>
        {/* The keyboard's and screen reader's way to the file: the drop zone is a mouse target only. */}
        <NeedsServer>
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => openPicker.current?.()}
            disabled={running}
          >
            {t('taskAssignmentImport.chooseFile')}
          </Button>
        </NeedsServer>
      </Group>
      {templateError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setTemplateError(null)}>
          {templateError}
        </Alert>
      )}

      <Dropzone
        onDrop={(files) => void run(files[0])}
        // A file refused by its name or type is still read: the reader says why it cannot be imported.
        onReject={(rejections) => void run(rejections[0]?.file)}
        accept={{ [xlsxMediaType]: ['.xlsx'] }}
        multiple={false}
        disabled={running}
        openRef={openPicker}
        // Not a second tab stop beside the button; named as the area it is, not a bare presentation.
        activateOnKeyboard={false}
        role="group"
        aria-labelledby={dropTextId}
        inputProps={{ 'aria-label': t('taskAssignmentImport.chooseFile') }}
        p="md"
      >
        <Group justify="center" gap="md" mih={88} wrap="nowrap">
          <IconFileSpreadsheet size={36} stroke={1.5} aria-hidden />
          <Stack gap={2}>
            <Text size="sm" fw={500} id={dropTextId}>
              {t('taskAssignmentImport.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('taskAssignmentImport.limits', {
                rows: formatNumber(importBounds.maxRows, i18n.language),
                size: formatBytes(importBounds.maxFileBytes, i18n.language),
              })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>

      {state.phase === 'running' && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {state.total === 0
              ? t('taskAssignmentImport.reading', { name: state.fileName })
              : t('taskAssignmentImport.progress', { done: state.done, total: state.total })}
          </Text>
          <Progress
            value={state.total === 0 ? 0 : (state.done * 100) / state.total}
            animated={state.total === 0}
            aria-label={t('taskAssignmentImport.title')}
          />
        </Stack>
      )}
      {state.phase === 'failed' && (
        <Alert color="red" role="alert" title={state.fileName}>
          {failureMessage(t, state.failure)}
        </Alert>
      )}
      {state.phase === 'done' && (
        <ImportResults
          report={state.report}
          exporting={exporting}
          exportError={exportError}
          onExport={() => void exportResults(state.report, state.fileName)}
        />
      )}
    </Stack>
  );
}

/** The summary line and every row's result, in the sheet's order. */
function ImportResults({
  report,
  exporting,
  exportError,
  onExport,
}: {
  report: ImportReport;
  exporting: boolean;
  exportError: string | null;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const words = (key: string) => t(`taskAssignmentImport.results.${key}`);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} role="status">
            <Text fw={600}>{summaryMessage(t, report)}</Text>
            {report.skipped > 0 && (
              <Text size="sm" c="dimmed">
                {t('taskAssignmentImport.skipped', { count: report.skipped })}
              </Text>
            )}
          </Stack>
          <Button
            variant="default"
            leftSection={<IconTableExport size={18} aria-hidden />}
            onClick={onExport}
            loading={exporting}
          >
            {t('taskAssignmentImport.exportResults')}
          </Button>
        </Group>
        {exportError && (
          <Alert color="red" role="alert">
            {exportError}
          </Alert>
        )}
        <ScrollArea.Autosize mah={520} type="auto">
          <Table striped stickyHeader highlightOnHover aria-label={words('title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{words('row')}</Table.Th>
                <Table.Th>{words('workOrder')}</Table.Th>
                <Table.Th>{words('method')}</Table.Th>
                <Table.Th>{words('outcome')}</Table.Th>
                <Table.Th>{words('message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((row) => (
                <Table.Tr key={row.rowNumber}>
                  <Table.Td>{row.rowNumber}</Table.Td>
                  {/* A WO number is read whole: not broken at its hyphens. */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.workOrder}</Table.Td>
                  <Table.Td>{row.method}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={outcomeColor[row.outcome]}
                      variant="light"
                      // The word whole, never "Assig…", however narrow the column.
                      styles={{
                        root: { flexShrink: 0, maxWidth: 'none' },
                        label: { textTransform: 'none', overflow: 'visible' },
                      }}
                    >
                      {t(`taskAssignmentImport.outcomes.${row.outcome}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{rowMessage(t, row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
