import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../../api/save-file.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';
import { errorText } from '../../ui/error-text.ts';

/** The PDF's languages; any other language of the page asks for English. */
const printedIn = (language: string) => (language.startsWith('id') ? 'id' : 'en');

/**
 * Downloads the whole report as a PDF in the page's language (`GET /report-headers/{id}/pdf`,
 * docs/report-of-record.md), or one approved version of it printed from its snapshot (`version`),
 * with the session's token as every file the page reads; the button waits while the server prints,
 * and a failure says why. `label` names the button where several stand together (a queue, the
 * versions), its visible words staying "Download PDF".
 */
export function DownloadReportPdf({
  reportId,
  reportNumber,
  version,
  label,
}: {
  reportId: string;
  reportNumber: string;
  version?: number;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const lang = printedIn(i18n.language);
      const path =
        version === undefined
          ? `/api/report-headers/${reportId}/pdf`
          : `/api/report-headers/${reportId}/versions/${version}/pdf`;
      const fileName = version === undefined ? `${reportNumber}.pdf` : `${reportNumber}-v${version}.pdf`;
      await saveDownload(`${path}?lang=${lang}`, fileName);
    } catch (error) {
      notifications.show({ color: 'red', title: t('reports.pdf.failed'), message: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <NeedsServer>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        loading={busy}
        aria-label={label}
        onClick={() => void download()}
      >
        {t('reports.pdf.download')}
      </Button>
    </NeedsServer>
  );
}
