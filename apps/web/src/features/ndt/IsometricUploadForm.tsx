import { Alert, Button, FileInput, Group, Progress, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ndtIsometric, safeFileName } from '@inspectra/contract';
import type { Field } from '@inspectra/contract';
import { IconAlertCircle, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { ApiError } from '../../api/errors.ts';
import { errorText } from '../../ui/error-text.ts';
import { fieldLabel, imageLabel } from '../../engine/entity-labels.ts';
import { formatBytes } from '../../engine/locale.ts';
import { acceptFor, checkFile, maxDocumentBytes } from '../../engine/file-checks.ts';
import type { FileRefusal } from '../../engine/file-checks.ts';
import { safeFileNameFrom } from './safe-file-name.ts';

const accept = Object.entries(acceptFor('drawing'))
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

const refusalKey: Record<FileRefusal, string> = {
  empty: 'ndt.drawingRefused.empty',
  tooLarge: 'ndt.drawingRefused.tooLarge',
  type: 'ndt.drawingRefused.type',
};

type Problems = { drawing?: string; fileName?: string; form?: string };

/**
 * Uploads a drawing of one piece of equipment: the file (checked from its bytes before sending),
 * the name it is downloaded by (from the file's own name, made safe), its drawing number and revision.
 */
export function IsometricUploadForm(p: { equipmentId: string; onUploaded: () => Promise<void> | void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [drawingNumber, setDrawingNumber] = useState('');
  const [revision, setRevision] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<number | null>(null);
  const label = (key: string) =>
    fieldLabel(t, ndtIsometric.name, key, (ndtIsometric.fields as Record<string, Field>)[key]!);
  const maxSize = formatBytes(maxDocumentBytes, i18n.language);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setProblems({});
    if (!chosen) return;
    if (!nameEdited) setFileName(safeFileNameFrom(chosen.name));
    const refusal = await checkFile(chosen, 'drawing').catch((): FileRefusal => 'type');
    if (refusal) setProblems({ drawing: t(refusalKey[refusal], { name: chosen.name, max: maxSize }) });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Problems = {};
    if (!file) found.drawing = t('ndt.chooseDrawing');
    else if (problems.drawing) found.drawing = problems.drawing;
    if (!safeFileName.regex.test(fileName.trim())) found.fileName = t('ndt.fileNameRule');
    setProblems(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    try {
      await callApi('POST /ndt-equipment-list/isometrics', {
        body: {
          values: { ndtEquipmentId: p.equipmentId, fileName: fileName.trim(), drawingNumber, revision },
          images: { drawing: file },
        },
        onUploadProgress: setProgress,
      });
      setFile(null);
      setFileName('');
      setNameEdited(false);
      setDrawingNumber('');
      setRevision('');
      await p.onUploaded();
    } catch (error) {
      // The server's words beside the field they are about; the rest above the button.
      const details = error instanceof ApiError ? error.details : [];
      const about = (path: string) => details.find((d) => d.path === path)?.message;
      setProblems({
        drawing: about('drawing'),
        fileName: about('fileName'),
        form: about('drawing') || about('fileName') ? undefined : errorText(error, t),
      });
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <FileInput
          label={imageLabel(t, ndtIsometric, 'drawing')}
          description={t('ndt.drawingRules', { max: maxSize })}
          leftSection={<IconFileUpload size={18} aria-hidden />}
          accept={accept}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={problems.drawing}
          clearable
          required
        />
        <TextInput
          label={label('fileName')}
          description={t('ndt.fileNameHelp')}
          value={fileName}
          onChange={(e) => {
            setFileName(e.currentTarget.value);
            setNameEdited(true);
          }}
          error={problems.fileName}
          maxLength={200}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={label('drawingNumber')}
            value={drawingNumber}
            onChange={(e) => setDrawingNumber(e.currentTarget.value)}
            maxLength={100}
          />
          <TextInput
            label={label('revision')}
            value={revision}
            onChange={(e) => setRevision(e.currentTarget.value)}
            maxLength={20}
          />
        </SimpleGrid>
        {problems.form && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problems.form}
          </Alert>
        )}
        {progress !== null && <Progress value={progress} size="sm" aria-label={t('ndt.uploadProgress')} />}
        <Group>
          <Button
            type="submit"
            leftSection={<IconUpload size={18} aria-hidden />}
            loading={progress !== null}
          >
            {t('ndt.uploadDrawing')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
