import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  readDraft,
  readDraftImage,
  removeDraft,
  removeDraftImage,
  writeDraft,
  writeDraftImage,
} from './drafts.ts';
import type { DraftImage, FormDraft } from './drafts.ts';

/** How long typing pauses before the draft is written. */
const draftDelayMs = 400;

export type FormDraftOptions = {
  /** The draft's storage key (`draftKey`); undefined keeps no draft (nobody signed in). */
  key: string | undefined;
  dirty: boolean;
  inputs: Record<string, unknown>;
  /** The inputs of the record the changes are made to, and its version (null for a new record). */
  baseInputs: Record<string, unknown>;
  baseVersion: number | null;
  /** Changed image slots: File = new photo, null = stored image removed. */
  images: Record<string, File | null | undefined>;
  /** Called once, when the form opens, with a draft kept from before and its photos. */
  onRestore: (draft: FormDraft, files: Record<string, File>) => void;
};

/**
 * Keeps a form's unsaved input as a draft on the device while it differs from the record, and
 * forgets it as soon as it does not (saved, undone, discarded). Opening the form again, after a
 * reload or signing in again, hands the draft to `onRestore` first.
 */
export function useFormDraft(o: FormDraftOptions): { discard: () => Promise<void> } {
  const { key } = o;
  // Nothing is written or removed until the kept draft has been read and handed over.
  const [readyKey, setReadyKey] = useState<string | undefined>(undefined);
  const restore = useEffectEvent(o.onRestore);

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    const draft = readDraft(key);
    void (async () => {
      const files: Record<string, File> = {};
      if (draft) {
        for (const [slot, kind] of Object.entries(draft.images)) {
          if (kind !== 'file') continue;
          const file = await readDraftImage(key, slot);
          if (file) files[slot] = file;
        }
      }
      if (cancelled) return;
      if (draft) restore(draft, files);
      setReadyKey(key);
    })();
    return () => {
      cancelled = true;
    };
  }, [key]);

  const ready = key !== undefined && readyKey === key;
  const snapshot = (): FormDraft => ({
    savedAt: new Date().toISOString(),
    baseVersion: o.baseVersion,
    base: o.baseInputs,
    inputs: o.inputs,
    images: Object.fromEntries(
      Object.entries(o.images).flatMap(([slot, v]): [string, DraftImage][] =>
        v === undefined ? [] : [[slot, v === null ? 'removed' : 'file']],
      ),
    ),
  });
  const latest = useRef(snapshot);
  latest.current = snapshot;

  // Photos are written when they change, not on every keystroke: one may be 20 MB.
  const keptFiles = useRef<Record<string, File>>({});
  const imagesKey = Object.entries(o.images)
    .map(([slot, v]) => `${slot}:${v instanceof File ? `${v.name}/${v.size}/${v.lastModified}` : String(v)}`)
    .join('|');
  useEffect(() => {
    if (!ready || !key || !o.dirty) return;
    for (const [slot, value] of Object.entries(o.images)) {
      if (value instanceof File) {
        if (keptFiles.current[slot] === value) continue;
        keptFiles.current[slot] = value;
        void writeDraftImage(key, slot, value);
      } else if (keptFiles.current[slot]) {
        delete keptFiles.current[slot];
        void removeDraftImage(key, slot);
      }
    }
    // imagesKey stands for `o.images`, which is a new object on many renders.
  }, [ready, key, o.dirty, imagesKey]);

  const inputsKey = JSON.stringify(o.inputs);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!ready || !key) return;
    if (!o.dirty) {
      keptFiles.current = {};
      void removeDraft(key);
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = undefined;
      writeDraft(key, latest.current());
    }, draftDelayMs);
    return () => clearTimeout(pending.current);
  }, [ready, key, o.dirty, inputsKey, imagesKey, o.baseVersion]);

  // Leaving the page (reload, closing the tab, the session ending) must not lose the last keystrokes.
  useEffect(() => {
    if (!ready || !key) return;
    const flush = () => {
      if (pending.current === undefined) return;
      clearTimeout(pending.current);
      pending.current = undefined;
      writeDraft(key, latest.current());
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      // Unmounting while a write waits (leaving by a link the guard let through) writes it now.
      flush();
    };
  }, [ready, key]);

  const discard = useCallback(async () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    keptFiles.current = {};
    if (key) await removeDraft(key);
  }, [key]);
  return { discard };
}
