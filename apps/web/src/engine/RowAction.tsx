import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNeedsServer } from './NeedsServer.tsx';

/**
 * An icon button in a table row (edit, delete): named for screen readers, a tooltip for sighted
 * users, big enough for a finger, and it does not also trigger the row's own click. `needsServer`:
 * an act only the server can do, held back offline with the reason as its tooltip (NeedsServer.tsx).
 */
export function RowAction(p: {
  label: string;
  tooltip: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  needsServer?: boolean;
}) {
  const need = useNeedsServer(Boolean(p.needsServer));
  return (
    <>
      <Tooltip label={need.held ? need.reason : p.tooltip}>
        <ActionIcon
          variant="subtle"
          color={p.color}
          size="lg"
          aria-label={p.label}
          {...need.hold({
            onClick: (e) => {
              e.stopPropagation();
              p.onClick();
            },
          })}
        >
          {p.icon}
        </ActionIcon>
      </Tooltip>
      {need.held && <VisuallyHidden id={need.reasonId}>{need.reason}</VisuallyHidden>}
    </>
  );
}
