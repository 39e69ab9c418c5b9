import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { ReportTreeJson, ReportVerification, ReportVersion } from '@inspectra/contract';
import { IconCheck, IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { formatDateTime } from '../../engine/locale.ts';
import { DownloadReportPdf } from './DownloadReportPdf.tsx';
import { isReportFinal } from './report-status.ts';
import type { Report } from './useReport.ts';
import { recordsById } from './report-tree-layout.ts';
import { differenceText } from './version-differences.ts';
import type { RecordLookup } from './version-differences.ts';

type VersionCheck = ReportVerification['versions'][number];

/** A fingerprint as read at a glance: its first and last characters (the whole on hover and copy). */
export const shortFingerprint = (sha256: string) =>
  sha256.length > 20 ? `${sha256.slice(0, 12)}…${sha256.slice(-6)}` : sha256;

/**
 * Whether a report has, or may have, versions: an approved report (its approval wrote one) and a
 * revision (its chain is the revised report's); a draft of no revision has none to ask for.
 */
export const mayHaveVersions = (report: Report) => isReportFinal(report.status) || Boolean(report.revisionOf);

/**
 * The approved versions of a report and of its revisions, one chain (docs/report-of-record.md
 * "Versions"): each with its number, report, approval, fingerprint, the version it revises and
 * why, and its PDF printed from the snapshot; "Verify" checks every version against the report as
 * it is now and its stored files, and says per version whether it matches what was approved or
 * what differs. An approved report without versions (approved before they were kept) says so.
 */
export function ReportVersionsPanel({ report }: { report: Report }) {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = mayHaveVersions(report);
  const versions = useQuery({
    queryKey: ['reports', report.id, 'versions', report.status],
    queryFn: async () =>
      (await callApi('GET /report-headers/:id/versions', { params: { id: report.id } })).data,
    enabled: shown,
  });
  const verify = useMutation({
    mutationFn: async () =>
      (await callApi('GET /report-headers/:id/verify', { params: { id: report.id } })).data,
  });
  const names = useDifferingRecords(report.id, verify.data);
  if (!shown || versions.isPending) return null;
  const list = versions.data ?? [];
  // A revision not yet approved, of a report approved before versions were kept: nothing to show.
  if (!versions.isError && list.length === 0 && !isReportFinal(report.status)) return null;
  const checks = new Map((verify.data?.versions ?? []).map((check) => [check.number, check]));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              {t('reports.record.versions.title')}
            </Title>
            {list.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('reports.record.versions.intro')}
              </Text>
            )}
          </Stack>
          {list.length > 0 && (
            <Button
              variant="light"
              leftSection={<IconShieldCheck size={18} aria-hidden />}
              loading={verify.isPending}
              onClick={() => verify.mutate()}
              title={t('reports.record.verify.hint')}
            >
              {t('reports.record.verify.action')}
            </Button>
          )}
        </Group>
        {versions.isError && (
          <Alert color="red" role="alert">
            {t('reports.record.versions.failed')}: {errorText(versions.error, t)}
          </Alert>
        )}
        {!versions.isError && list.length === 0 && <Text size="sm">{t('reports.record.versions.none')}</Text>}
        {verify.isError && (
          <Alert color="red" role="alert">
            {t('reports.record.verify.failed')}: {errorText(verify.error, t)}
          </Alert>
        )}
        {verify.data && <VerificationSummary verification={verify.data} />}
        {list.map((version) => (
          <VersionItem
            key={version.number}
            version={version}
            check={checks.get(version.number)}
            recordOf={names.data?.get(version.number)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** Whether every version held, and when it was checked: said once, in a live region. */
function VerificationSummary({ verification }: { verification: ReportVerification }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      role="status"
      color={verification.intact ? 'green' : 'red'}
      variant="light"
      title={t(verification.intact ? 'reports.record.verify.intact' : 'reports.record.verify.broken')}
    >
      <Text size="sm">
        {t('reports.record.verify.checkedAt', {
          date: formatDateTime(verification.checkedAt, i18n.language),
        })}
      </Text>
    </Alert>
  );
}

/** One version: heading, approval, what it revises and why, its fingerprint, its PDF, its check. */
function VersionItem({
  version,
  check,
  recordOf,
}: {
  version: ReportVersion;
  check: VersionCheck | undefined;
  recordOf: RecordLookup | undefined;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const date = (value: string) => formatDateTime(value, i18n.language);
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} size="h5" id={headingId}>
              {t('reports.record.versions.version', { number: version.number })} ·{' '}
              {t('reports.record.versions.report', { number: version.reportNumber })}
            </Title>
            <Text size="sm">
              {version.approvedBy
                ? t('reports.record.versions.approved', {
                    date: date(version.approvedAt),
                    name: version.approvedBy,
                  })
                : t('reports.record.versions.approvedAt', { date: date(version.approvedAt) })}
            </Text>
            <Text size="sm" c="dimmed">
              {version.revises === null
                ? t('reports.record.versions.original')
                : t('reports.record.versions.revises', { number: version.revises })}
              {version.revisedAt &&
                ` · ${
                  version.revisedBy
                    ? t('reports.record.versions.revisedBy', {
                        date: date(version.revisedAt),
                        name: version.revisedBy,
                      })
                    : t('reports.record.versions.revisedAt', { date: date(version.revisedAt) })
                }`}
            </Text>
          </Stack>
          <DownloadReportPdf
            reportId={version.reportHeaderId}
            reportNumber={version.reportNumber}
            version={version.number}
            label={t('reports.record.versions.downloadPdf', { number: version.number })}
          />
        </Group>
        {version.reason && (
          <Text size="sm">
            <Text span fw={600}>
              {t('reports.record.versions.reason')}:
            </Text>{' '}
            <Text span style={{ whiteSpace: 'pre-wrap' }}>
              {version.reason}
            </Text>
          </Text>
        )}
        <Fingerprint version={version} />
        <Text size="sm" c="dimmed">
          {version.signingKeyId
            ? t('reports.record.versions.signedWith', { keyId: version.signingKeyId })
            : t('reports.record.versions.unsigned')}
        </Text>
        {check && <VersionCheckResult check={check} t={t} language={i18n.language} recordOf={recordOf} />}
      </Stack>
    </Paper>
  );
}

/** The fingerprint shortened, whole on hover, copied whole by its button. */
function Fingerprint({ version }: { version: ReportVersion }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {t('reports.record.versions.fingerprint')}:
      </Text>
      <Tooltip label={version.sha256} multiline maw={360} style={{ wordBreak: 'break-all' }}>
        <Code title={version.sha256}>
          <span aria-hidden>{shortFingerprint(version.sha256)}</span>
          <VisuallyHidden>{version.sha256}</VisuallyHidden>
        </Code>
      </Tooltip>
      <CopyButton value={version.sha256}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('reports.record.versions.copied') : version.sha256}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t('reports.record.versions.copyFingerprint', { number: version.number })}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A version's check: it matches what was approved, or what differs, in the user's words. */
function VersionCheckResult({
  check,
  t,
  language,
  recordOf,
}: {
  check: VersionCheck;
  t: TFunction;
  language: string;
  recordOf: RecordLookup | undefined;
}) {
  if (check.matches)
    return (
      <Badge color="green" variant="light" leftSection={<IconCheck size={14} aria-hidden />}>
        {t(
          check.signature === 'unsigned'
            ? 'reports.record.verify.matchesUnsigned'
            : 'reports.record.verify.matches',
        )}
      </Badge>
    );
  return (
    <Alert color="red" variant="light" title={t('reports.record.verify.differs')}>
      <List size="sm">
        {check.differences.map((difference, i) => (
          <List.Item key={i}>{differenceText(t, language, difference, recordOf)}</List.Item>
        ))}
        {check.moreDifferences > 0 && (
          <List.Item>{t('reports.record.verify.more', { count: check.moreDifferences })}</List.Item>
        )}
      </List>
    </Alert>
  );
}

/**
 * The records the differences of a failed check name, by version: a record changed or removed as
 * that version's snapshot holds it, one added as the report holds it now. Read only when a version
 * differs; until then (or if they cannot be read) the differences name the kind of record alone.
 */
function useDifferingRecords(reportId: string, verification: ReportVerification | undefined) {
  const differing = (verification?.versions ?? []).filter((check) => check.differences.length > 0);
  return useQuery({
    queryKey: ['reports', reportId, 'differing-records', verification?.checkedAt],
    enabled: differing.length > 0,
    queryFn: async () => {
      const tree = async (read: Promise<{ data: { content: unknown } }>) =>
        recordsById((await read).data.content as ReportTreeJson);
      const now = await tree(callApi('GET /report-headers/:id/content', { params: { id: reportId } }));
      const lookups = new Map<number, RecordLookup>();
      for (const check of differing) {
        const then = await tree(
          callApi('GET /report-headers/:id/versions/:number', {
            params: { id: reportId, number: String(check.number) },
          }),
        );
        lookups.set(check.number, (id) => then.get(id) ?? now.get(id));
      }
      return lookups;
    },
  });
}
