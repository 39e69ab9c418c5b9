import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { verdictOverrideReasonKey, verdictOverrideReasonMax, verdictOverrideRule } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors.ts';
import { enumLabel, fieldLabel } from './entity-labels.ts';

/** The two verdicts of a save the server refused as an override without a reason, if it is one. */
export function overrideRefusal(error: unknown): { recorded: string; standard: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const detail = error.details.find(
    (d) => d.path === verdictOverrideReasonKey && d.code === verdictOverrideRule,
  );
  const params = detail?.params;
  if (!params || typeof params.recorded !== 'string' || typeof params.standard !== 'string') return undefined;
  return { recorded: params.recorded, standard: params.standard };
}

/**
 * What the inspector reads when the recorded verdict differs from the standard's (docs/verdict-pairs.md):
 * both verdicts in words, what the row counts as meanwhile, and a reason to give, without which it
 * is not saved.
 */
export function OverrideReasonDialog({
  entity,
  recorded,
  standard,
  onAnswer,
}: {
  entity: EntityDefinition;
  recorded: string;
  standard: string;
  onAnswer: (reason: string | null) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const pair = entity.verdict!;
  const label = (value: string) => enumLabel(t, entity.name, pair.recorded, value);
  const standardField = entity.fields[pair.standard] ?? entity.derived[pair.standard]?.field;
  const standardName = standardField
    ? fieldLabel(t, entity.name, pair.standard, standardField)
    : pair.standard;
  const stricter = pair.levels.indexOf(standard) > pair.levels.indexOf(recorded) ? standard : recorded;
  const blank = reason.trim() === '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!blank) onAnswer(reason.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('engine.verdict.intro', { recorded: label(recorded), standardName, standard: label(standard) })}
        </Text>
        <Text size="sm">{t('engine.verdict.counted', { stricter: label(stricter) })}</Text>
        <Textarea
          label={t('engine.verdict.reason')}
          withAsterisk
          aria-required
          autosize
          minRows={3}
          maxLength={verdictOverrideReasonMax}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={tried && blank ? t('engine.verdict.reasonRequired') : undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(null)}>
            {t('engine.verdict.goBack')}
          </Button>
          <Button type="submit">{t('engine.verdict.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * After a save the server refused as an override without a reason: asks for the reason. Resolves to
 * what to send again (`verdictOverrideReason`), null when the user goes back, undefined when the
 * error is another.
 */
export function useOverrideReason(entity: EntityDefinition) {
  const { t } = useTranslation();
  return (error: unknown): Promise<Record<string, string> | null | undefined> => {
    const refused = entity.verdict ? overrideRefusal(error) : undefined;
    if (!refused) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      let answered = false;
      const answer = (reason: string | null) => {
        if (answered) return;
        answered = true;
        modals.close(id);
        resolve(reason === null ? null : { [verdictOverrideReasonKey]: reason });
      };
      const id = modals.open({
        title: t('engine.verdict.title'),
        children: <OverrideReasonDialog entity={entity} {...refused} onAnswer={answer} />,
        closeButtonProps: { 'aria-label': t('common.close') },
        centered: true,
        onClose: () => answer(null),
      });
    });
  };
}
