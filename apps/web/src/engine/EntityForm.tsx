import {
  Alert,
  Box,
  Button,
  Fieldset,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { mayBeEmpty, positionsOf } from '@inspectra/contract';
import type { EntityDefinition, FieldError } from '@inspectra/contract';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wasQueued } from '../api/calls.ts';
import { queuedKeyOf } from './offline-queue/queued-mark.ts';
import { ApiError } from '../api/errors.ts';
import { loadCurrentRecord } from '../api/current-record.ts';
import { currentUserId } from '../api/session.ts';
import { detailText, errorText } from '../ui/error-text.ts';
import { useSignInAgain } from './useSignInAgain.tsx';
import { draftKey } from './drafts.ts';
import type { FormDraft } from './drafts.ts';
import { EditConflictPanel } from './EditConflictPanel.tsx';
import { mergeInputs } from './edit-conflict.ts';
import type { FieldConflict } from './edit-conflict.ts';
import { fieldLabel, groupTitle, imageLabel } from './entity-labels.ts';
import { ListInput } from './ListInput.tsx';
import { PositionInput } from './PositionInput.tsx';
import { FieldInput } from './FieldInput.tsx';
import { toInputValue } from './form-values.ts';
import { VideoField } from './VideoField.tsx';
import { formWorkedOutKeys, WorkedOut } from './WorkedOut.tsx';
import { ImageField } from './ImageField.tsx';
import type { StoredImage } from './ImageField.tsx';
import { ImageListField, missingImageTypes, storedList } from './ImageListField.tsx';
import type { GalleryItem } from './ImageListField.tsx';
import { formatDateTime } from './locale.ts';
import { UnsavedChangesModal } from './UnsavedChangesModal.tsx';
import { useFormDraft } from './useFormDraft.ts';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts';
import { useWarningConfirmation } from './useWarningConfirmation.tsx';
import { useOverrideReason } from './useOverrideReason.tsx';
import { failedOffline } from './useOnline.ts';
import { groupFields } from './field-groups.ts';
import { checkValues, isPicker } from './validation.ts';

/** What the form hands over: API-typed values, and only the image slots the user changed. */
export type EntitySubmission = {
  values: Record<string, unknown>;
  /** File = new or replacement image, null = remove the stored one; unchanged slots are absent. */
  images: Record<string, File | null | undefined>;
  /** Each changed image list as it is to be kept, in order; unchanged lists are absent. */
  imageLists: Record<string, GalleryItem[]>;
};

export type EntityFormProps = {
  entity: EntityDefinition;
  /** Fields shown, in this order; default: every field except the parent reference. */
  fields?: string[];
  /** The equipment class the record is of: only its image slots and lists are shown. */
  variant?: string;
  /** Image slots shown; default: all of the variant's. */
  images?: string[];
  /** Image lists shown (a finding's photos); default: all of the variant's. */
  imageLists?: string[];
  /** The record being edited, as the API returns it (image slots hold an attachment or null). */
  record?: Record<string, unknown> | null;
  /** Starting values of a new record, API-typed; the contract's defaults apply otherwise. */
  defaults?: Record<string, unknown>;
  onSubmit: (submission: EntitySubmission) => Promise<unknown>;
  /**
   * After a successful save, once the form is clean, its draft gone and leaving allowed: the place
   * to navigate away. Gets what `onSubmit` resolved to.
   */
  onSaved?: (result: unknown) => void | Promise<void>;
  /** For a new record: the parent it is added to, so drafts of two new records stay apart. */
  parentId?: string;
  /**
   * The record it is under (a finding's inspection), when its derived values read it: the form
   * shows them worked out with it (`WorkedOut`).
   */
  parent?: Record<string, unknown>;
  /**
   * The record as stored now, after a save was refused because someone else changed it (409).
   * Default: the entity's own read call in the route table.
   */
  loadCurrent?: (record: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
  /**
   * A change the user made earlier and the server has not taken (an offline change refused or met
   * by a newer version): its values are laid over `record` (the record as stored now) on opening,
   * by the same three-way comparison as a 409, from `base`, the record the change was made from.
   * `base` undefined: not known, so every field the change sets otherwise than the stored record
   * (unless that one is empty) is a conflict the user decides; null: a new record's.
   */
  pending?: { values: Record<string, unknown>; base: Record<string, unknown> | null | undefined };
  onCancel?: () => void;
  submitLabel?: string;
  /** Percent of the request sent so far, while images upload. */
  uploadProgress?: number | null;
  maxImageBytes?: number;
};

type FormProblem = {
  message: string;
  details: string[];
  /** Someone else saved the record meanwhile (409): the newer version can be loaded beside. */
  conflict?: boolean;
  /** The session ended during the save; the input is kept on the device. */
  sessionEnded?: boolean;
};

/**
 * Create or edit form of any entity, built from its contract: inputs by field kind, sections by
 * group, image slots, and the contract's own zod schema as the rules, so the form refuses what the
 * server would and says why in the user's language. Server-side field errors land beside the fields.
 */
export function EntityForm(p: EntityFormProps) {
  const { t, i18n } = useTranslation();
  const { entity } = p;
  const formId = useId();
  const keys = useMemo(
    () =>
      // Server-owned fields are answered, never sent (the server refuses them): not in a form.
      (
        p.fields ??
        Object.keys(entity.fields).filter((k) => k !== entity.parent && !entity.fields[k]!.serverOwned)
      ).filter((k) => k in entity.fields),
    [p.fields, entity],
  );
  // The variant's own slots and lists: a structure has no isometric.
  const slots = useMemo(() => {
    const declared = entity.imagesOf(p.variant);
    return (p.images ?? Object.keys(declared)).filter((s) => s in declared);
  }, [p.images, p.variant, entity]);
  const lists = useMemo(() => {
    const declared = entity.imageListsOf(p.variant);
    return (p.imageLists ?? Object.keys(declared)).filter((l) => l in declared);
  }, [p.imageLists, p.variant, entity]);

  // Each position (a latitude and its longitude, in parts or decimal) is one input, where it starts.
  const positions = useMemo(() => positionsOf(entity.fields), [entity]);
  /** The input a field's error takes focus to: a coordinate's part is typed in the coordinate's box. */
  const focusId = (key: string) => {
    const coordinate = positions
      .flatMap((position) => [position.latitude, position.longitude])
      .find((c) => c?.keys.includes(key));
    return inputId(formId, coordinate?.anchor ?? key);
  };

  // The record the user started from: its version goes back with the update, so a change made
  // meanwhile by someone else is refused (409) instead of silently overwritten.
  const [base, setBase] = useState(p.record ?? null);
  const editing = base !== null;
  const inputsOf = (record: Record<string, unknown> | null) =>
    Object.fromEntries(
      keys.map((k) => {
        const field = entity.fields[k]!;
        // A number that may be blank starts blank: its default is for clients that leave it out.
        const declared = mayBeEmpty(field) ? undefined : field.default;
        const value = record ? record[k] : (p.defaults?.[k] ?? declared);
        return [k, toInputValue(field, value)];
      }),
    );

  // A picked record fills the fields its reference declares (`referenceFills`) that this form shows.
  const fillFrom = (key: string, record: Record<string, unknown>) => {
    const field = entity.fields[key];
    if (field?.kind !== 'text') return;
    for (const [mine, theirs] of Object.entries(field.referenceFills ?? {})) {
      const target = entity.fields[mine];
      const value = record[theirs];
      if (target && keys.includes(mine) && value !== undefined && value !== null)
        form.setFieldValue(mine, toInputValue(target, value));
    }
  };

  const confirmWarnings = useWarningConfirmation(entity, (key) => inputId(formId, key));
  const askOverrideReason = useOverrideReason(entity);
  const check = (inputs: Record<string, unknown>) =>
    checkValues({
      entity,
      keys,
      inputs,
      record: base,
      t,
      language: i18n.language,
    });
  const form = useForm<Record<string, unknown>>({
    mode: 'controlled',
    initialValues: inputsOf(base),
    validateInputOnBlur: true,
    validate: (inputs) => check(inputs).errors,
  });
  const [imageChanges, setImageChanges] = useState<Record<string, File | null | undefined>>({});
  const [imageErrors, setImageErrors] = useState<Record<string, string>>({});
  // Photo lists are not kept in drafts: their files live only as long as the page.
  const [listChanges, setListChanges] = useState<Record<string, GalleryItem[] | undefined>>({});
  const [showMissingTypes, setShowMissingTypes] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The id of the element to move focus to after the next render: the first error, or the alert.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<FieldConflict[]>([]);
  const [loadingCurrent, setLoadingCurrent] = useState(false);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  // Said to screen readers when focus alone does not say it (errors beside fields, a loaded version).
  const [announcement, setAnnouncement] = useState('');

  const dirty =
    form.isDirty() ||
    Object.values(imageChanges).some((v) => v !== undefined) ||
    Object.values(listChanges).some((v) => v !== undefined);

  // The draft belongs to whoever was signed in when the form opened, and to this record.
  const [userId] = useState(currentUserId);
  const initialId = typeof p.record?.id === 'string' ? p.record.id : undefined;
  const keyOfDraft = useMemo(
    () =>
      userId
        ? draftKey({ userId, entity: entity.name, recordId: initialId, parentId: p.parentId })
        : undefined,
    [userId, entity.name, initialId, p.parentId],
  );
  const draft = useFormDraft({
    key: keyOfDraft,
    dirty,
    inputs: form.getValues(),
    baseInputs: inputsOf(base),
    baseVersion: typeof base?.version === 'number' ? base.version : null,
    images: imageChanges,
    onRestore: restoreDraft,
  });
  const signInAgain = useSignInAgain(dirty, userId);
  const leaving = useRef<{ allow: () => void } | null>(null);

  // A newer record (after a save, or a refetch) replaces the form's values, unless the user is
  // in the middle of changing them. An older one (the page's copy, after the form loaded a newer
  // version itself) is ignored.
  const recordKey = keyOf(p.record ?? null);
  useEffect(() => {
    if (dirty || !isNewer(p.record ?? null, base)) return;
    const next = p.record ?? null;
    setBase(next);
    // Errors and the failure alert were about the values being replaced.
    form.setInitialValues(inputsOf(next));
    form.reset();
    setImageChanges({});
    setListChanges({});
    setShowMissingTypes(false);
    setImageErrors({});
    setProblem(null);
    setConflicts([]);
    // Only a different record, or the end of editing, re-initialises; not every new callback.
  }, [recordKey, dirty]);

  // Focus waits for the render that re-enables the inputs after submitting. The alert or field may
  // be far above on a long form: it is brought to the middle of the screen first.
  useEffect(() => {
    if (!focusTarget) return;
    const target = document.getElementById(focusTarget);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
    setFocusTarget(null);
  }, [focusTarget]);

  /** Puts a draft kept on the device back into the form, beside a newer version if there is one. */
  function restoreDraft(kept: FormDraft, files: Record<string, File>) {
    const current = inputsOf(base);
    const mine = Object.fromEntries(keys.filter((k) => k in kept.inputs).map((k) => [k, kept.inputs[k]]));
    const moved = base !== null && kept.baseVersion !== null && kept.baseVersion !== base.version;
    const merged = moved
      ? mergeInputs({ keys, base: { ...current, ...kept.base }, mine, theirs: current })
      : { inputs: { ...current, ...mine }, conflicts: [] };
    form.setValues(merged.inputs);
    setConflicts(merged.conflicts);
    const images: Record<string, File | null> = {};
    for (const [slot, kind] of Object.entries(kept.images)) {
      if (!slots.includes(slot)) continue;
      if (kind === 'file' && files[slot]) images[slot] = files[slot];
      if (kind === 'removed' && storedImage(base?.[slot])) images[slot] = null;
    }
    setImageChanges(images);
    setRestoredAt(kept.savedAt);
  }

  // An earlier change not taken by the server, opened again over the record as stored now.
  useEffect(() => {
    if (!p.pending) return;
    const theirs = inputsOf(base);
    const mine = Object.fromEntries(
      keys
        .filter((k) => k in p.pending!.values)
        .map((k) => [k, toInputValue(entity.fields[k]!, p.pending!.values[k])]),
    );
    const from = p.pending.base === undefined ? undefined : inputsOf(p.pending.base);
    const merged = !base
      ? { inputs: { ...theirs, ...mine }, conflicts: [] }
      : mergeInputs({ keys, base: from ?? unknownBase(theirs), mine, theirs });
    form.setValues(merged.inputs);
    setConflicts(merged.conflicts);
    if (merged.conflicts.length > 0) setFocusTarget(`${formId}-conflict`);
    // Once, on opening: the pending change is laid over the record the form opened with.
  }, []);

  /** Forgets the draft and the changes: the form shows the record as stored. */
  function discardChanges() {
    form.setValues(inputsOf(base));
    form.resetDirty(inputsOf(base));
    setImageChanges({});
    setListChanges({});
    setImageErrors({});
    setConflicts([]);
    setRestoredAt(null);
    setProblem(null);
    void draft.discard();
  }

  /** After a 409: the record as stored now, with the user's changes laid over it. */
  async function loadNewerVersion() {
    if (!base) return;
    setLoadingCurrent(true);
    try {
      const current = await (p.loadCurrent ?? ((r) => loadCurrentRecord(entity, r)))(base);
      if (!current) throw new Error(t('engine.conflict.gone'));
      const merged = mergeInputs({
        keys,
        base: inputsOf(base),
        mine: form.getValues(),
        theirs: inputsOf(current),
      });
      setBase(current);
      form.setInitialValues(inputsOf(current));
      form.setValues(merged.inputs);
      setConflicts(merged.conflicts);
      setProblem(null);
      setAnnouncement(t('engine.conflict.loaded', { count: merged.conflicts.length }));
      setFocusTarget(merged.conflicts.length > 0 ? `${formId}-conflict` : `${formId}-submit`);
    } catch (error) {
      setProblem({ message: errorText(error, t), details: [], conflict: true });
      setFocusTarget(`${formId}-problem`);
    } finally {
      setLoadingCurrent(false);
    }
  }

  function choose(choice: 'mine' | 'theirs', key?: string) {
    const settled = conflicts.filter((c) => key === undefined || c.key === key);
    for (const c of settled) form.setFieldValue(c.key, choice === 'mine' ? c.mine : c.theirs);
    setConflicts((all) => all.filter((c) => !settled.includes(c)));
  }

  const submit = form.onSubmit(
    async (inputs) => {
      // Every photo of a typed list needs its type before anything is sent.
      const untyped = lists.find(
        (l) => missingImageTypes(entity.imageLists[l]!, listChanges[l] ?? []).length > 0,
      );
      if (untyped) {
        setShowMissingTypes(true);
        setAnnouncement(t('imageList.typesMissing'));
        setFocusTarget(listId(formId, untyped));
        return;
      }
      const { values: checked, warnings } = check(inputs);
      // Implausible values are confirmed, or corrected, before anything is sent.
      const acknowledgement = await confirmWarnings(warnings, base);
      if (!acknowledgement) return;
      const values = { ...checked, ...acknowledgement };
      const images = Object.fromEntries(Object.entries(imageChanges).filter(([, v]) => v !== undefined));
      const imageLists = Object.fromEntries(
        Object.entries(listChanges).filter((e): e is [string, GalleryItem[]] => e[1] !== undefined),
      );
      setProblem(null);
      setImageErrors({});
      setAnnouncement('');
      setSubmitting(true);
      let result: unknown;
      try {
        result = await p.onSubmit({ values, images, imageLists });
      } catch (error) {
        // A verdict that differs from the standard's is saved with a reason, asked for here.
        const reason = await askOverrideReason(error);
        try {
          if (!reason) {
            if (reason === undefined) showFailure(error);
            setSubmitting(false);
            return;
          }
          result = await p.onSubmit({ values: { ...values, ...reason }, images, imageLists });
        } catch (again) {
          showFailure(again);
          setSubmitting(false);
          return;
        }
      }
      // Saved: the draft goes, and leaving no longer asks (before `dirty` has caught up).
      leaving.current?.allow();
      form.resetDirty(inputs);
      setImageChanges({});
      setListChanges({});
      setShowMissingTypes(false);
      setConflicts([]);
      setRestoredAt(null);
      await draft.discard();
      setSubmitting(false);
      // Offline, the change went into the device's queue: said so, not as the server's "saved".
      if (wasQueued(result)) {
        notifications.show({ color: 'teal', message: t('offline.savedOnDevice') });
        setAnnouncement(t('offline.savedOnDevice'));
      }
      await p.onSaved?.(result);
    },
    (errors) => {
      const first = keys.find((k) => errors[k]);
      setFocusTarget(first ? focusId(first) : null);
    },
  );

  function showFailure(error: unknown) {
    // Offline, the input stays in the form and its draft (useFormDraft): said so, not as a fault.
    const message = failedOffline(error) ? t('offline.draftKept') : errorText(error, t);
    if (!(error instanceof ApiError) || error.details.length === 0) {
      const status = error instanceof ApiError ? error.status : 0;
      setProblem({
        message,
        details: [],
        conflict: status === 409 && editing,
        sessionEnded: status === 401,
      });
      setFocusTarget(`${formId}-problem`);
      return;
    }
    // A list's refusal may name one of its images (`summaryImages.2.imageType`): shown on the list.
    const imagePath = (path: string) => (slots.includes(path) ? path : lists.find((l) => path.startsWith(l)));
    const beside = error.details.filter((d) => keys.includes(d.path));
    const onImages = error.details.filter((d) => imagePath(d.path));
    const elsewhere = error.details.filter((d) => !keys.includes(d.path) && !imagePath(d.path));
    // The server's words in the user's language (its catalogue code), with the field's label.
    const said = (d: FieldError) => {
      const field = entity.fields[d.path];
      return field
        ? detailText(d, t, { label: fieldLabel(t, entity.name, d.path, field), picker: isPicker(field) })
        : detailText(d, t);
    };
    for (const d of beside) form.setFieldError(d.path, said(d));
    setImageErrors(Object.fromEntries(onImages.map((d) => [imagePath(d.path)!, said(d)])));
    // What belongs to no shown field or slot goes in the alert, which then takes focus; otherwise
    // focus goes to the first error in the order the form shows them: fields, then images.
    if (elsewhere.length > 0) {
      setProblem({
        message,
        details: elsewhere.map((d) => {
          const field = entity.fields[d.path];
          const where = field ? fieldLabel(t, entity.name, d.path, field) : d.path;
          return where ? `${where}: ${said(d)}` : said(d);
        }),
      });
      setFocusTarget(`${formId}-problem`);
      return;
    }
    const firstField = keys.find((k) => beside.some((d) => d.path === k));
    const firstSlot = slots.find((s) => onImages.some((d) => d.path === s));
    const firstList = lists.find((l) => onImages.some((d) => imagePath(d.path) === l));
    setFocusTarget(
      firstField
        ? focusId(firstField)
        : firstSlot
          ? slotId(formId, firstSlot)
          : firstList
            ? listId(formId, firstList)
            : null,
    );
    // Each field says its own problem: the summary counts them rather than repeat the server's.
    setAnnouncement(t('errors.fieldsNeedAttention', { count: beside.length + onImages.length }));
  }

  const sections = groupFields(keys, (k) => entity.fields[k]?.group);
  const positionAt = (key: string) =>
    positions.find((position) => (position.latitude ?? position.longitude)!.anchor === key);
  const inPosition = (key: string) =>
    positions.some((position) => [position.latitude, position.longitude].some((c) => c?.keys.includes(key)));
  const workedOut = formWorkedOutKeys(entity);

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {restoredAt && (
            <Alert color="blue" icon={<IconHistory aria-hidden />} role="status">
              <Group justify="space-between" gap="sm">
                <Text size="sm">
                  {t('engine.draft.restored', { time: formatDateTime(restoredAt, i18n.language) })}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={discardChanges}>
                    {t('engine.draft.discard')}
                  </Button>
                  <Button size="xs" variant="subtle" onClick={() => setRestoredAt(null)}>
                    {t('engine.draft.keep')}
                  </Button>
                </Group>
              </Group>
            </Alert>
          )}
          {problem && (
            <Alert
              id={`${formId}-problem`}
              tabIndex={-1}
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              title={t('engine.form.saveFailed')}
              role="alert"
            >
              {problem.message}
              {problem.details.length > 0 && (
                <List size="sm" mt="xs">
                  {problem.details.map((d) => (
                    <List.Item key={d}>{d}</List.Item>
                  ))}
                </List>
              )}
              {problem.sessionEnded && (
                <Text size="sm" mt="xs">
                  {t('engine.form.keptOnDevice')}
                </Text>
              )}
              {problem.conflict && (
                <Stack gap="xs" mt="xs" align="flex-start">
                  <Text size="sm">{t('engine.conflict.changedMeanwhile')}</Text>
                  <Button size="xs" onClick={() => void loadNewerVersion()} loading={loadingCurrent}>
                    {t('engine.conflict.load')}
                  </Button>
                </Stack>
              )}
            </Alert>
          )}
          {conflicts.length > 0 && (
            <EditConflictPanel
              id={`${formId}-conflict`}
              entity={entity}
              conflicts={conflicts}
              onChoose={choose}
            />
          )}
          <VisuallyHidden role="status" aria-live="polite">
            {announcement}
          </VisuallyHidden>
          {/* A disabled fieldset freezes every input while the save runs, without touching each one. */}
          <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              {sections.map(({ group, fields }, index) => {
                const grid = (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                    {fields.map((key) => {
                      const field = entity.fields[key]!;
                      if (inPosition(key)) {
                        const position = positionAt(key);
                        return position ? (
                          <Box key={key} style={{ gridColumn: '1 / -1' }}>
                            <PositionInput
                              entity={entity}
                              position={position}
                              values={form.values}
                              setValues={(values) => form.setValues(values)}
                              errorOf={(part) => form.errors[part] as string | undefined}
                              onBlur={(part) => form.validateField(part)}
                              idOf={(part) => inputId(formId, part)}
                            />
                          </Box>
                        ) : null;
                      }
                      const input = form.getInputProps(key);
                      const wide = field.kind === 'longText' || field.kind === 'json';
                      // A list of typed objects: a table of its items, each cell with its error.
                      if (field.kind === 'json' && field.items)
                        return (
                          <Box key={key} style={{ gridColumn: '1 / -1' }}>
                            <ListInput
                              entity={entity}
                              fieldKey={key}
                              field={field as typeof field & { items: NonNullable<typeof field.items> }}
                              id={inputId(formId, key)}
                              value={input.value}
                              onChange={input.onChange as (rows: unknown) => void}
                              error={input.error as string | undefined}
                              cellErrors={form.errors as Record<string, string | undefined>}
                            />
                          </Box>
                        );
                      return (
                        <Box key={key} style={wide ? { gridColumn: '1 / -1' } : undefined}>
                          <FieldInput
                            entity={entity}
                            fieldKey={key}
                            field={field}
                            id={inputId(formId, key)}
                            value={input.value}
                            onChange={input.onChange as (v: unknown) => void}
                            onPick={(record) => fillFrom(key, record)}
                            values={form.values}
                            onBlur={input.onBlur as () => void}
                            onFocus={input.onFocus as () => void}
                            error={input.error as string | undefined}
                          />
                        </Box>
                      );
                    })}
                  </SimpleGrid>
                );
                return group ? (
                  <Fieldset key={group} legend={groupTitle(t, entity.name, group)} variant="filled">
                    {grid}
                  </Fieldset>
                ) : (
                  <Box key={`ungrouped-${index}`}>{grid}</Box>
                );
              })}
              {workedOut.length > 0 && (
                <WorkedOut entity={entity} keys={workedOut} values={form.values} parent={p.parent} />
              )}
              {slots.length > 0 && (
                <Fieldset legend={t(`engine.form.${slotsWord(entity, slots)}`)} variant="filled">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {slots.map((slot) => {
                      const Slot = entity.images[slot]?.accepts === 'video' ? VideoField : ImageField;
                      return (
                        <Slot
                          key={slot}
                          id={slotId(formId, slot)}
                          label={imageLabel(t, entity, slot)}
                          attachment={storedImage(base?.[slot])}
                          value={imageChanges[slot]}
                          onChange={(value) => {
                            setImageChanges((c) => ({ ...c, [slot]: value }));
                            setImageErrors(({ [slot]: _, ...rest }) => rest);
                          }}
                          maxBytes={Slot === ImageField ? p.maxImageBytes : undefined}
                          error={imageErrors[slot]}
                          disabled={submitting}
                        />
                      );
                    })}
                  </SimpleGrid>
                </Fieldset>
              )}
              {lists.map((list) => (
                // The list names itself (its label beside its count), so its box has no legend of its own.
                <Paper key={list} withBorder radius="md" p="md">
                  <ImageListField
                    entity={entity}
                    list={list}
                    id={listId(formId, list)}
                    attachments={storedList(base?.[list])}
                    value={listChanges[list]}
                    onChange={(value) => {
                      setListChanges((c) => ({ ...c, [list]: value }));
                      setImageErrors(({ [list]: _, ...rest }) => rest);
                    }}
                    error={imageErrors[list]}
                    showMissing={showMissingTypes}
                    disabled={submitting}
                  />
                </Paper>
              ))}
            </Stack>
          </fieldset>
          {typeof p.uploadProgress === 'number' && (
            <Progress value={p.uploadProgress} aria-label={t('engine.form.uploadProgress')} animated />
          )}
          <Group justify="flex-end" gap="sm">
            {p.onCancel && (
              <Button variant="default" onClick={p.onCancel} disabled={submitting}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting} id={`${formId}-submit`}>
              {p.submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {signInAgain}
      <LeaveGuard dirty={dirty} onDiscard={() => void draft.discard()} leaving={leaving} />
    </>
  );
}

/**
 * Asks before leaving a form with unsaved changes (a link, the back button, closing the tab).
 * Discarding forgets the draft too. Outside a router (a form in a test or a dialog) nothing leaves.
 */
function LeaveGuard(p: {
  dirty: boolean;
  onDiscard: () => void;
  leaving: { current: { allow: () => void } | null };
}) {
  const router = useRouter({ warn: false });
  return router ? <RouterLeaveGuard {...p} /> : null;
}

function RouterLeaveGuard(p: Parameters<typeof LeaveGuard>[0]) {
  const guard = useUnsavedChangesGuard(p.dirty);
  const { leaving } = p;
  useEffect(() => {
    leaving.current = { allow: guard.allowNavigation };
    return () => {
      leaving.current = null;
    };
  }, [leaving, guard.allowNavigation]);
  return <UnsavedChangesModal guard={guard} onDiscard={p.onDiscard} />;
}

function inputId(formId: string, key: string) {
  return `${formId}-${key}`;
}

function slotId(formId: string, slot: string) {
  return `${formId}-image-${slot}`;
}

function listId(formId: string, list: string) {
  return `${formId}-list-${list}`;
}

/**
 * A base for a change whose starting record is not known: no field of it equals the user's or the
 * stored value, so a field both hold differently is asked, except where the stored one is empty
 * (nothing of theirs to lose).
 */
function unknownBase(theirs: Record<string, unknown>): Record<string, unknown> {
  const unknown = '\u0000unknown';
  return Object.fromEntries(
    Object.entries(theirs).map(([k, v]) => [k, v === '' || v === null || v === undefined ? v : unknown]),
  );
}

function keyOf(record: Record<string, unknown> | null): string {
  if (!record) return '';
  const queued = queuedKeyOf(record);
  return `${String(record.id)}@${String(record.version)}${queued ? `+${queued}` : ''}`;
}

/**
 * Whether `next` should replace the form's record: another record, a later version of it, or the
 * same version with another change of the device's queue laid over it (shown until the sync), or
 * with none (the change discarded: the record as the server holds it).
 */
function isNewer(next: Record<string, unknown> | null, current: Record<string, unknown> | null): boolean {
  if (keyOf(next) === keyOf(current)) return false;
  if (next && current && next.id === current.id) return Number(next.version) >= Number(current.version);
  return true;
}

function storedImage(value: unknown): StoredImage | null {
  if (typeof value !== 'object' || value === null || typeof (value as StoredImage).url !== 'string')
    return null;
  return value as StoredImage;
}

/**
 * What the box of a form's file slots is called, by what they take: images; images and a video (a
 * motion-magnification summary); files when a document or drawing is among them.
 */
function slotsWord(entity: EntityDefinition, slots: string[]): 'images' | 'imagesAndVideo' | 'files' {
  const kinds = new Set(slots.map((slot) => entity.images[slot]?.accepts ?? 'image'));
  if (kinds.size === 1 && kinds.has('image')) return 'images';
  return [...kinds].every((kind) => kind === 'image' || kind === 'video') ? 'imagesAndVideo' : 'files';
}
