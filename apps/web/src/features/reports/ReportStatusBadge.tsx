import { Badge } from '@mantine/core';
import type { ReportStatus } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { reportStatusLook } from './report-status.ts';

/**
 * A report's status as a badge, in the words and colour of `reportStatusLook`; a report an approved
 * revision replaced (`supersededBy`) reads "Superseded", never a green "Approved" as if it were
 * current. `phrase`, when given, puts the words in a sentence of the caller's ("Approved: 2").
 */
export function ReportStatusBadge({
  status,
  supersededBy,
  phrase,
}: {
  status: ReportStatus | null;
  supersededBy?: string | null;
  phrase?: (words: string) => string;
}) {
  const { t } = useTranslation();
  if (!status) return null;
  const look = reportStatusLook(t, status, supersededBy);
  return (
    <Badge
      color={look.color}
      variant={look.variant}
      // Never "D…": a table column may be narrow, the status word is still shown whole.
      styles={{
        root: { flexShrink: 0, maxWidth: 'none' },
        label: { textTransform: 'none', overflow: 'visible' },
      }}
    >
      {phrase ? phrase(look.words) : look.words}
    </Badge>
  );
}
