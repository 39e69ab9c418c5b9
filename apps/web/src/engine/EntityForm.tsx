import { Alert, Box, Button, Fieldset, Group, List, Progress, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { EntityDefinition } from '@inspectra/contract';
import { useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors.ts';
import { groupTitle, imageLabel } from './entity-labels.ts';
import { FieldInput } from './FieldInput.tsx';
import { toInputValue } from './form-values.ts';
import { ImageField } from './ImageField.tsx';
import type { StoredImage } from './ImageField.tsx';
import { useWarningConfirmation } from './useWarningConfirmation.tsx';
import { checkValues } from './validation.ts';

/** What the form hands over: API-typed values, and only the image slots the user changed. */
export type EntitySubmission = {
  values: Record<string, unknown>;
  /** File = new or replacement image, null = remove the stored one; unchanged slots are absent. */
  images: Record<string, File | null | undefined>;
};

export type EntityFormProps = {
  entity: EntityDefinition;
  /** Fields shown, in this order; default: every field except the parent reference. */
  fields?: string[];
  /** Image slots shown; default: all of the entity's. */
  images?: string[];
  /** The record being edited, as the API returns it (image slots hold an attachment or null). */
  record?: Record<string, unknown> | null;
  /** Starting values of a new record, API-typed; the contract's defaults apply otherwise. */
  defaults?: Record<string, unknown>;
  onSubmit: (submission: EntitySubmission) => Promise<unknown>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  submitLabel?: string;
  /** Percent of the request sent so far, while images upload. */
  uploadProgress?: number | null;
  maxImageBytes?: number;
};

type FormProblem = { message: string; details: string[] };

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
      (p.fields ?? Object.keys(entity.fields).filter((k) => k !== entity.parent)).filter(
        (k) => k in entity.fields,
      ),
    [p.fields, entity],
  );
  const slots = useMemo(
    () => (p.images ?? Object.keys(entity.images)).filter((s) => s in entity.images),
    [p.images, entity],
  );

  // The record the user started from: its version goes back with the update, so a change made
  // meanwhile by someone else is refused (409) instead of silently overwritten.
  const [base, setBase] = useState(p.record ?? null);
  const editing = base !== null;
  const inputsOf = (record: Record<string, unknown> | null) =>
    Object.fromEntries(
      keys.map((k) => {
        const field = entity.fields[k]!;
        const value = record ? record[k] : (p.defaults?.[k] ?? field.default);
        return [k, toInputValue(field, value)];
      }),
    );

  const confirmWarnings = useWarningConfirmation(entity, (key) => inputId(formId, key));
  const check = (inputs: Record<string, unknown>) =>
    checkValues({
      entity,
      keys,
      inputs,
      editing,
      version: base?.version,
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
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const dirty = form.isDirty() || Object.values(imageChanges).some((v) => v !== undefined);

  // Report dirtiness only when it changes; the callback itself may be a new function every render.
  const reportDirty = useEffectEvent((value: boolean) => p.onDirtyChange?.(value));
  useEffect(() => {
    reportDirty(dirty);
  }, [dirty]);

  // A newer record (after a save, or a refetch) replaces the form's values, unless the user is
  // in the middle of changing them.
  const recordKey = keyOf(p.record ?? null);
  useEffect(() => {
    if (dirty || recordKey === keyOf(base)) return;
    const next = p.record ?? null;
    setBase(next);
    // Errors and the failure alert were about the values being replaced.
    form.setInitialValues(inputsOf(next));
    form.reset();
    setImageChanges({});
    setImageErrors({});
    setProblem(null);
    // Only a different record, or the end of editing, re-initialises; not every new callback.
  }, [recordKey, dirty]);

  // Focus waits for the render that re-enables the inputs after submitting.
  useEffect(() => {
    if (!focusKey) return;
    document.getElementById(inputId(formId, focusKey))?.focus();
    setFocusKey(null);
  }, [focusKey, formId]);

  const submit = form.onSubmit(
    async (inputs) => {
      const { values: checked, warnings } = check(inputs);
      // Implausible values are confirmed, or corrected, before anything is sent.
      const acknowledgement = await confirmWarnings(warnings, base);
      if (!acknowledgement) return;
      const values = { ...checked, ...acknowledgement };
      const images = Object.fromEntries(Object.entries(imageChanges).filter(([, v]) => v !== undefined));
      setProblem(null);
      setImageErrors({});
      setSubmitting(true);
      try {
        await p.onSubmit({ values, images });
        form.resetDirty(inputs);
        setImageChanges({});
      } catch (error) {
        showFailure(error);
      } finally {
        setSubmitting(false);
      }
    },
    (errors) => setFocusKey(keys.find((k) => errors[k]) ?? null),
  );

  function showFailure(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ApiError) || error.details.length === 0) {
      setProblem({ message, details: [] });
      return;
    }
    const beside = error.details.filter((d) => keys.includes(d.path));
    const onImages = error.details.filter((d) => slots.includes(d.path));
    const elsewhere = error.details.filter((d) => !keys.includes(d.path) && !slots.includes(d.path));
    for (const d of beside) form.setFieldError(d.path, d.message);
    setImageErrors(Object.fromEntries(onImages.map((d) => [d.path, d.message])));
    if (elsewhere.length > 0 || beside.length + onImages.length === 0) {
      setProblem({
        message,
        details: elsewhere.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)),
      });
    }
    setFocusKey(keys.find((k) => beside.some((d) => d.path === k)) ?? null);
  }

  const sections = groupFields(keys, (k) => entity.fields[k]?.group);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {problem && (
          <Alert
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
          </Alert>
        )}
        {/* A disabled fieldset freezes every input while the save runs, without touching each one. */}
        <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            {sections.map(({ group, fields }, index) => {
              const grid = (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  {fields.map((key) => {
                    const field = entity.fields[key]!;
                    const input = form.getInputProps(key);
                    const wide = field.kind === 'longText' || field.kind === 'json';
                    return (
                      <Box key={key} style={wide ? { gridColumn: '1 / -1' } : undefined}>
                        <FieldInput
                          entity={entity}
                          fieldKey={key}
                          field={field}
                          id={inputId(formId, key)}
                          value={input.value}
                          onChange={input.onChange as (v: unknown) => void}
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
            {slots.length > 0 && (
              <Fieldset legend={t('engine.form.images')} variant="filled">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {slots.map((slot) => (
                    <ImageField
                      key={slot}
                      label={imageLabel(t, entity, slot)}
                      attachment={storedImage(base?.[slot])}
                      value={imageChanges[slot]}
                      onChange={(value) => {
                        setImageChanges((c) => ({ ...c, [slot]: value }));
                        setImageErrors(({ [slot]: _, ...rest }) => rest);
                      }}
                      maxBytes={p.maxImageBytes}
                      error={imageErrors[slot]}
                      disabled={submitting}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>
            )}
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
          <Button type="submit" loading={submitting}>
            {p.submitLabel ?? t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function inputId(formId: string, key: string) {
  return `${formId}-${key}`;
}

function keyOf(record: Record<string, unknown> | null): string {
  return record ? `${String(record.id)}@${String(record.version)}` : '';
}

function storedImage(value: unknown): StoredImage | null {
  if (typeof value !== 'object' || value === null || typeof (value as StoredImage).url !== 'string')
    return null;
  return value as StoredImage;
}

/**
 * Sections in the order the fields are given: a group gathers all its fields where its first one
 * appears; ungrouped fields stay where they are, each run of them a section without a title (so a
 * date can come first and remarks last).
 */
function groupFields(keys: string[], groupOf: (key: string) => string | undefined) {
  const sections: { group: string | undefined; fields: string[] }[] = [];
  for (const key of keys) {
    const group = groupOf(key);
    const last = sections.at(-1);
    const section = group ? sections.find((s) => s.group === group) : last && !last.group ? last : undefined;
    if (section) section.fields.push(key);
    else sections.push({ group, fields: [key] });
  }
  return sections;
}
