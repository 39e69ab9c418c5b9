import {
  AspectRatio,
  Center,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { EquipmentHealthPhoto } from '@inspectra/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoNotOnDevice } from '../../engine/PhotoNotOnDevice.tsx';
import { useStoredFileUrl } from '../../engine/useStoredFileUrl.ts';
import { formatDate } from '../../engine/locale.ts';
import { PhotoViewer } from '../../engine/PhotoViewer.tsx';
import type { Photo } from '../../engine/PhotoViewer.tsx';
import { inspectionMethodLabel } from '../ndt/ndt-queries.ts';

/** One photo as a thumbnail (the stored file; offline, the device's copy), a button that opens it. */
function Thumbnail({
  photo,
  label,
  onOpen,
}: {
  photo: EquipmentHealthPhoto;
  label: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { src, notOnDevice } = useStoredFileUrl(photo.url);
  return (
    <UnstyledButton
      onClick={onOpen}
      // The visible caption first, so the name a screen reader says holds what is shown.
      aria-label={`${label}: ${t('equipmentHealth.openPhoto', { name: photo.displayName })}`}
    >
      <AspectRatio ratio={4 / 3}>
        {src ? (
          <Image src={src} alt={photo.displayName} radius="sm" fit="cover" />
        ) : notOnDevice ? (
          <PhotoNotOnDevice />
        ) : (
          <Center bg="gray.1" style={{ borderRadius: 4 }}>
            <Loader size="sm" aria-hidden />
          </Center>
        )}
      </AspectRatio>
      <Text size="xs" c="dimmed" mt={4} lineClamp={2}>
        {label}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The equipment's latest photos (docs/equipment-health.md): the images of the records of each
 * method's latest report, newest first, as thumbnails that open full size, zoomable.
 */
export function LatestPhotos({ photos }: { photos: EquipmentHealthPhoto[] }) {
  const { t, i18n } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const labels = photos.map((photo) =>
    [
      inspectionMethodLabel(t, photo.inspectionMethod),
      photo.date ? formatDate(photo.date, i18n.language) : photo.reportNumber,
    ].join(', '),
  );
  const viewed: Photo[] = photos.map((photo, i) => ({
    label: `${labels[i]}: ${photo.displayName}`,
    name: photo.displayName,
    url: photo.url,
  }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="health-photos">
      <Title order={2} fz="lg" id="health-photos" mb={4}>
        {t('equipmentHealth.photos')}
      </Title>
      {photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('equipmentHealth.noPhotos')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('equipmentHealth.photosCaption')}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
            {photos.map((photo, i) => (
              <Thumbnail key={photo.id} photo={photo} label={labels[i]!} onOpen={() => setViewing(i)} />
            ))}
          </SimpleGrid>
          <PhotoViewer photos={viewed} index={viewing} onIndexChange={setViewing} />
        </>
      )}
    </Paper>
  );
}
