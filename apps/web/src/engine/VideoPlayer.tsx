import { Group, Paper, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/calls.ts';
import type { StoredImage } from './ImageField.tsx';
import { formatBytes } from './locale.ts';

/**
 * A video in its player, its name and size under it: what the form's video slot shows (`after`:
 * "new, not saved yet") and where a record is read (`before`: the slot's label).
 */
export function VideoCard(p: {
  src: string;
  /** The slot's label: the player is named after it. */
  label: string;
  name: string;
  size?: number;
  /** Served by the API (renewed when the session's token expires), not a file on the device. */
  stored: boolean;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Player src={p.src} label={t('engine.video.player', { label: p.label })} stored={p.stored} />
      <Group gap="sm" p="xs" wrap="wrap">
        {p.before}
        <Text size="sm" truncate="end" style={{ flex: '1 1 10rem' }}>
          {p.name}
        </Text>
        {p.size !== undefined && (
          <Text size="xs" c="dimmed">
            {formatBytes(p.size, i18n.language)}
          </Text>
        )}
        {p.after}
      </Group>
    </Paper>
  );
}

/**
 * A stored video where a record is read, not edited (its details, the whole report): the player,
 * which fetches it in parts as it plays and seeks, with the slot, its name and size under it.
 */
export function StoredVideo({ video, label }: { video: StoredImage; label: string }) {
  return (
    <VideoCard
      src={video.url}
      label={label}
      name={video.displayName}
      size={video.size}
      stored
      before={
        <Text size="sm" fw={500}>
          {label}
        </Text>
      }
    />
  );
}

/**
 * The player. A stored video is fetched by the element itself, in parts, with the session's
 * cookie (the one call that reads it, `sessionCookie`); when the session's access token has
 * expired meanwhile, an API call renews it and the player takes up where it stopped.
 */
function Player(p: { src: string; label: string; stored: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const resumeAt = useRef(0);
  async function renew() {
    if (!p.stored || attempt > 0) return;
    resumeAt.current = video.current?.currentTime ?? 0;
    // Any authenticated call refreshes an expired token (docs/web-session.md).
    await callApi('GET /auth/profile').catch(() => undefined);
    setAttempt(1);
  }
  return (
    <video
      ref={video}
      key={attempt}
      src={p.src}
      controls
      preload="metadata"
      playsInline
      aria-label={p.label}
      style={{ display: 'block', width: '100%', maxHeight: 360, background: 'black' }}
      onError={() => void renew()}
      onLoadedMetadata={(e) => {
        if (resumeAt.current > 0) e.currentTarget.currentTime = resumeAt.current;
      }}
    />
  );
}
