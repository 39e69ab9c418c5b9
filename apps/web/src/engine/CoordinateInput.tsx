import { Box, SimpleGrid, Text } from '@mantine/core';
import { coordinateKeys, decimalDegrees, evaluate } from '@inspectra/contract';
import type { Axis, EntityDefinition } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldLabel } from './entity-labels.ts';
import { FieldInput } from './FieldInput.tsx';
import { formatPosition } from './locale.ts';

/** What the form gives each of a coordinate's parts (as `form.getInputProps`). */
export type PartInput = {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: string;
};

/**
 * A latitude or longitude as one input: its degrees, minutes, seconds and hemisphere side by side
 * under the coordinate's name, and the position it makes read back in full and in decimal degrees,
 * so a slip (minutes typed as seconds, a missing hemisphere) shows before saving.
 */
export function CoordinateInput(p: {
  entity: EntityDefinition;
  name: string;
  axis: Axis;
  values: Record<string, unknown>;
  inputOf: (key: string) => PartInput;
  idOf: (key: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const keys = coordinateKeys(p.name);
  const degreeField = p.entity.fields[keys.degree]!;
  const labelId = `${p.idOf(keys.degree)}-group`;
  const decimal = evaluate(decimalDegrees(p.name, p.axis), p.values);
  const position =
    typeof decimal === 'number' && Number.isFinite(decimal)
      ? formatPosition(decimal, p.axis, i18n.language, (letter) =>
          enumLabel(t, p.entity.name, keys.hemisphere, letter),
        )
      : null;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {fieldLabel(t, p.entity.name, keys.degree, degreeField)}
      </Text>
      <SimpleGrid cols={4} spacing="xs">
        {(['degree', 'minutes', 'seconds', 'hemisphere'] as const).map((part) => {
          const key = keys[part];
          const input = p.inputOf(key);
          return (
            <FieldInput
              key={key}
              entity={p.entity}
              fieldKey={key}
              field={p.entity.fields[key]!}
              shortLabel={t(`engine.input.coordinateParts.${part}`)}
              id={p.idOf(key)}
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
              error={input.error}
            />
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {position ?? t('engine.input.coordinateHelp')}
      </Text>
    </Box>
  );
}
