import { ActionIcon, Box, Center, Group, Loader, Modal, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoNotOnDevice } from './PhotoNotOnDevice.tsx';
import { useStoredFileUrl } from './useStoredFileUrl.ts';

/**
 * One photo of a record: a stored file (`url`: the server's, or offline the device's copy,
 * `useStoredFileUrl`) or a local one (`src`).
 */
export type Photo = { label: string; name?: string; url?: string; src?: string };

export type PhotoViewerProps = {
  photos: Photo[];
  /** The photo to show; null closes the viewer. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
};

const minScale = 1;
const maxScale = 8;
const zoomStep = 1.5;
/** A horizontal drag this long (px) at normal size moves to the next or previous photo. */
const swipeDistance = 60;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The photos of a record at full size, one at a time: zoom with the buttons, the keyboard (+, −, 0),
 * the mouse wheel, a double tap or two fingers; pan by dragging when zoomed; move between photos with
 * the arrows, the arrow keys or a swipe. A thumbnail alone cannot judge a hot spot.
 */
export function PhotoViewer({ photos, index, onIndexChange }: PhotoViewerProps) {
  const { t } = useTranslation();
  const opened = index !== null && photos[index] !== undefined;
  const photo = opened ? photos[index] : undefined;
  const count = photos.length;
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  // Touch points on the photo, for dragging, swiping and pinching.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; distance: number; scale: number } | null>(null);

  // Each photo opens at its normal size, from its first frame (not a frame at the last one's zoom).
  const [shownIndex, setShownIndex] = useState(index);
  if (shownIndex !== index) {
    setShownIndex(index);
    setScale(1);
    setOffset({ x: 0, y: 0 });
  }

  const go = (step: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + step + count) % count);
  };
  const zoomTo = (next: number) => {
    const s = clamp(next, minScale, maxScale);
    setScale(s);
    if (s === 1) setOffset({ x: 0, y: 0 });
  };

  function onKeyDown(e: KeyboardEvent) {
    const actions: Record<string, () => void> = {
      ArrowRight: () => go(1),
      ArrowLeft: () => go(-1),
      '+': () => zoomTo(scale * zoomStep),
      '=': () => zoomTo(scale * zoomStep),
      '-': () => zoomTo(scale / zoomStep),
      '0': () => zoomTo(1),
    };
    const action = actions[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  }

  function onWheel(e: WheelEvent) {
    zoomTo(scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2));
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const points = [...pointers.current.values()];
    gesture.current = {
      startX: e.clientX,
      startY: e.clientY,
      distance: points.length === 2 ? distanceOf(points) : 0,
      scale,
    };
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const previous = pointers.current.get(e.pointerId);
    if (!previous || !gesture.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const points = [...pointers.current.values()];
    if (points.length === 2 && gesture.current.distance > 0) {
      zoomTo((gesture.current.scale * distanceOf(points)) / gesture.current.distance);
    } else if (points.length === 1 && scale > 1) {
      setOffset((o) => ({ x: o.x + e.clientX - previous.x, y: o.y + e.clientY - previous.y }));
    }
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const start = gesture.current;
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (!start || wasPinch || scale > 1) return;
    const dx = e.clientX - start.startX;
    const dy = e.clientY - start.startY;
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  }

  const control = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="xl" aria-label={label} onClick={onClick} disabled={disabled}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Modal
      opened={opened}
      onClose={() => onIndexChange(null)}
      fullScreen
      title={
        photo ? (
          <span>
            {photo.label}
            {photo.name && (
              <Text component="span" c="dimmed" ml="sm">
                {photo.name}
              </Text>
            )}
          </span>
        ) : null
      }
      closeButtonProps={{ 'aria-label': t('common.close'), size: 'xl' }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: {
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 'var(--mantine-spacing-sm)',
          minHeight: 0,
        },
      }}
    >
      {photo && (
        <>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs">
              {control(
                t('engine.photo.zoomOut'),
                <IconZoomOut aria-hidden />,
                () => zoomTo(scale / zoomStep),
                scale <= minScale,
              )}
              {control(
                t('engine.photo.zoomIn'),
                <IconZoomIn aria-hidden />,
                () => zoomTo(scale * zoomStep),
                scale >= maxScale,
              )}
              {control(
                t('engine.photo.actualSize'),
                <IconZoomReset aria-hidden />,
                () => zoomTo(1),
                scale === 1,
              )}
              <Text size="sm" aria-live="polite" miw={48}>
                {Math.round(scale * 100)}%
              </Text>
            </Group>
            {count > 1 && (
              <Group gap="xs">
                {control(t('engine.photo.previous'), <IconChevronLeft aria-hidden />, () => go(-1))}
                <Text size="sm" aria-live="polite">
                  {t('engine.photo.position', { index: (index ?? 0) + 1, count })}
                </Text>
                {control(t('engine.photo.next'), <IconChevronRight aria-hidden />, () => go(1))}
              </Group>
            )}
          </Group>
          <Box
            // The stage takes the keys, so they work as soon as the viewer opens.
            tabIndex={0}
            role="group"
            aria-roledescription={t('engine.photo.stage')}
            aria-label={t('engine.photo.help')}
            onKeyDown={onKeyDown}
            onWheel={onWheel}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onDoubleClick={() => zoomTo(scale > 1 ? 1 : 2.5)}
            data-autofocus
            style={{
              flex: 1,
              minHeight: 0,
              overflow: 'hidden',
              position: 'relative',
              touchAction: 'none',
              cursor: scale > 1 ? 'grab' : 'default',
              background: 'var(--mantine-color-default-hover)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <PhotoImage photo={photo} scale={scale} offset={offset} />
          </Box>
        </>
      )}
    </Modal>
  );
}

function PhotoImage({
  photo,
  scale,
  offset,
}: {
  photo: Photo;
  scale: number;
  offset: { x: number; y: number };
}) {
  const { t } = useTranslation();
  const fetched = useStoredFileUrl(photo.src ? undefined : photo.url);
  const src = photo.src ?? fetched.src;
  if (!src && fetched.notOnDevice) return <PhotoNotOnDevice h="100%" />;
  if (!src) {
    return (
      <Center h="100%" role="status" aria-label={t('engine.image.loadingPreview')}>
        <Loader />
      </Center>
    );
  }
  return (
    <img
      src={src}
      alt={photo.label}
      draggable={false}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'contain',
        transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})`,
        transformOrigin: 'center',
        userSelect: 'none',
      }}
    />
  );
}

function distanceOf(points: { x: number; y: number }[]): number {
  const [a, b] = points;
  if (!a || !b) return 0;
  return Math.hypot(a.x - b.x, a.y - b.y);
}
