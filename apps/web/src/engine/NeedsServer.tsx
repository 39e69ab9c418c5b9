import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId } from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './useOnline.ts';

/** The props of a button (Button, ActionIcon, a link drawn as a button) that the hold sets. */
type HeldProps = {
  disabled?: boolean;
  'data-disabled'?: boolean;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
};

/**
 * Whether an act that only the server can do (a status move, a PDF, a spreadsheet, an
 * administration change, taking a task offline) must wait for a connection, and the props that
 * hold its button back meanwhile. Offline the button looks disabled but stays focusable and
 * hoverable (`data-disabled` and `aria-disabled`, not `disabled`, which would swallow the pointer
 * and keyboard), so the reason can be read: in a tooltip, and as its accessible description (the
 * element `reasonId` names, which the caller renders; `NeedsServer` does both). Changes the offline
 * queue carries (a form's Save, Add measurement) are never held back: they do not need this.
 */
export function useNeedsServer(needed = true) {
  const online = useOnline();
  const { t } = useTranslation();
  const reasonId = useId();
  const held = needed && !online;
  return {
    held,
    reason: t('offline.needsServer'),
    reasonId,
    /** The button's own props with the hold laid over them (unchanged while online). */
    hold: <P extends HeldProps>(own: P): P =>
      held
        ? {
            ...own,
            disabled: false,
            'data-disabled': true,
            'aria-disabled': true,
            'aria-describedby': [own['aria-describedby'], reasonId].filter(Boolean).join(' '),
            // A link drawn as a button does not navigate either (the router checks defaultPrevented),
            // and a row's button does not open its row.
            onClick: (e: MouseEvent<HTMLElement>) => {
              e.preventDefault();
              e.stopPropagation();
            },
          }
        : own,
  };
}

/**
 * Wraps the one button of an act that needs the server: online it is as given; offline it is held
 * back with "Needs a connection to the server" as its tooltip and accessible description
 * (`useNeedsServer`). `needed` false leaves it alone (an act that the offline queue carries).
 */
export function NeedsServer({
  children,
  needed = true,
}: {
  children: ReactElement<HeldProps>;
  needed?: boolean;
}) {
  const need = useNeedsServer(needed);
  if (!need.held) return children;
  return (
    <>
      <Tooltip label={need.reason} events={{ hover: true, focus: true, touch: true }}>
        {cloneElement(children, need.hold(children.props))}
      </Tooltip>
      <VisuallyHidden id={need.reasonId}>{need.reason}</VisuallyHidden>
    </>
  );
}
