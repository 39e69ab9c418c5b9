import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../../api/save-file.ts';
import { errorText } from '../../app/error-text.ts';

/** The PDF's languages; any other language of the page asks for English. */
const printedIn = (language: string) => (language.startsWith('id') ? 'id' : 'en');

/**
 * Downloads the whole report as a PDF in the page's language (`GET /report-headers/{id}/pdf`,
 * docs/report-of-record.md), with the session's token as every file the page reads; the button
 * waits while the server prints, and a failure says why.
 */
export function DownloadReportPdf({ reportId, reportNumber }: { reportId: string; reportNumber: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const lang = printedIn(i18n.language);
      await saveDownload(`/api/report-headers/${reportId}/pdf?lang=${lang}`, `${reportNumber}.pdf`);
    } catch (error) {
      notifications.show({ color: 'red', title: t('reports.pdf.failed'), message: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      {t('reports.pdf.download')}
    </Button>
  );
}
