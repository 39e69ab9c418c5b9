import { Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A count with its label and icon, the inside of a statistics card (the dashboard's, my tasks'): the
 * number large, a placeholder while it loads. `compact` for a row of many cards.
 */
export function StatFigure(p: {
  label: string;
  value: string | undefined;
  icon: ReactNode;
  color?: string;
  compact?: boolean;
}) {
  const size = p.compact
    ? { label: 'xs', value: 28, skeleton: [30, 40], icon: 36 }
    : { label: 'sm', value: 34, skeleton: [36, 60], icon: 52 };
  return (
    <Group justify="space-between" wrap="nowrap" gap={p.compact ? 'xs' : undefined} align="flex-start">
      <div>
        <Text c="dimmed" size={size.label} fw={p.compact ? 700 : 600} tt="uppercase">
          {p.label}
        </Text>
        <Text fz={size.value} fw={700} lh={1.2}>
          {p.value ?? (
            <Skeleton h={size.skeleton[0]} w={size.skeleton[1]} component="span" display="inline-block" />
          )}
        </Text>
      </div>
      <ThemeIcon size={size.icon} radius="md" variant="light" color={p.color}>
        {p.icon}
      </ThemeIcon>
    </Group>
  );
}
