import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An icon button in a table row (edit, delete): named for screen readers, a tooltip for sighted
 * users, big enough for a finger, and it does not also trigger the row's own click.
 */
export function RowAction(p: {
  label: string;
  tooltip: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={p.tooltip}>
      <ActionIcon
        variant="subtle"
        color={p.color}
        size="lg"
        aria-label={p.label}
        onClick={(e) => {
          e.stopPropagation();
          p.onClick();
        }}
      >
        {p.icon}
      </ActionIcon>
    </Tooltip>
  );
}
