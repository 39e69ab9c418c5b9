import { ActionIcon, Box, Button, Group, Input, Select, Text, TextInput } from '@mantine/core';
import type { EntityDefinition, Field, JsonField } from '@inspectra/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldDescription, fieldLabel, itemFieldLabel, itemValueLabel, unitOf } from './entity-labels.ts';
import { NumberText } from './FieldInput.tsx';
import { toInputValue } from './form-values.ts';
import { StackedTable } from './StackedTable.tsx';
import type { StackedColumn } from './StackedTable.tsx';

type Row = Record<string, unknown>;
/** An item with its place in the list: rows have no identity but their place. */
type Item = { row: Row; index: number };

/** A new row as its inputs start: every item field empty. */
function emptyRow(items: Record<string, Field>): Row {
  return Object.fromEntries(Object.entries(items).map(([key, item]) => [key, toInputValue(item, null)]));
}

/**
 * A list of typed objects (PAUT's spots) edited as a table: a row per item, a column per item field
 * with its unit, each cell its own input with its own error (`spotsJson.2.depth`, as the server
 * names it too); rows added at the end and removed where they are. Never a JSON text box.
 */
export function ListInput(p: {
  entity: EntityDefinition;
  fieldKey: string;
  field: JsonField & { items: Record<string, Field> };
  value: unknown;
  onChange: (rows: Row[]) => void;
  /** The list's own error (too many items, or that some are wrong). */
  error?: string;
  /** Errors of its cells, by their full path (`spotsJson.0.result`). */
  cellErrors: Record<string, string | undefined>;
  id?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rows = Array.isArray(p.value) ? (p.value as Row[]) : [];
  const items = Object.entries(p.field.items);
  const label = fieldLabel(t, p.entity.name, p.fieldKey, p.field);
  const itemTitle = t(`entities.${p.entity.name}.fields.${p.fieldKey}Item`, {
    defaultValue: p.field.itemLabel ?? label,
  });
  const itemName = itemTitle.toLowerCase();
  const max = p.field.maxItems ?? 200;
  const labelOf = (key: string, item: Field) => itemFieldLabel(t, p.entity.name, p.fieldKey, key, item);
  const set = (index: number, key: string, value: unknown) =>
    p.onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));

  const cell = (row: Row, index: number, key: string, item: Field) => {
    const path = `${p.fieldKey}.${index}.${key}`;
    const common = {
      'aria-label': t('engine.input.listCell', { label: labelOf(key, item), item: itemName, n: index + 1 }),
      error: p.cellErrors[path],
      disabled: p.disabled,
      required: item.required === true,
      size: 'sm' as const,
    };
    if (item.kind === 'number' || item.kind === 'integer')
      return (
        <NumberText
          {...common}
          value={row[key]}
          onChange={(v) => set(index, key, v)}
          language={i18n.language}
        />
      );
    if (item.kind === 'enum')
      return (
        <Select
          {...common}
          data={item.values.map((v) => ({
            value: v,
            label: itemValueLabel(t, p.entity.name, p.fieldKey, key, v, item),
          }))}
          value={typeof row[key] === 'string' ? (row[key] as string) : null}
          onChange={(v) => set(index, key, v)}
          allowDeselect={!item.required}
          placeholder={t('engine.input.selectPlaceholder')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    return (
      <TextInput
        {...common}
        value={typeof row[key] === 'string' ? (row[key] as string) : ''}
        onChange={(e) => set(index, key, e.currentTarget.value)}
      />
    );
  };

  const remove = (index: number) => (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={t('engine.input.listRemove', { item: itemName, n: index + 1 })}
      onClick={() => p.onChange(rows.filter((_, i) => i !== index))}
      disabled={p.disabled}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );

  // A row per item, a column per field. On an upright tablet each item is a card instead (its
  // fields side by side under their titles, its number and remove button on top): six inputs
  // and their choices' words do not fit across 800 px.
  const columns: StackedColumn<Item>[] = [
    {
      key: '#',
      title: '#',
      names: true,
      cell: ({ index }, stacked) =>
        stacked ? (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t('engine.input.listItem', { item: itemTitle, n: index + 1 })}
            </Text>
            {remove(index)}
          </Group>
        ) : (
          // On the line of the inputs' text beside it (a small input is 2.25 rem tall).
          <Text size="sm" lh="2.25rem">
            {index + 1}
          </Text>
        ),
    },
    ...items.map(([key, item]): StackedColumn<Item> => ({
      key,
      title: `${labelOf(key, item)}${unitOf(item) ? ` (${unitOf(item)})` : ''}${item.required ? ' *' : ''}`,
      cell: ({ row, index }) => cell(row, index, key, item),
    })),
    {
      key: 'remove',
      title: t('common.delete'),
      titleHidden: true,
      only: 'table',
      cell: ({ index }) => remove(index),
    },
  ];

  return (
    <Input.Wrapper
      id={p.id}
      label={label}
      description={fieldDescription(t, p.entity.name, p.fieldKey, p.field)}
      error={p.error}
      // The wrapper names a table, not an input: its label points at nothing to focus.
      labelElement="div"
    >
      <Box mt={4}>
        <StackedTable<Item>
          label={label}
          columns={columns}
          rows={rows.map((row, index) => ({ row, index }))}
          rowKey={({ index }) => String(index)}
          // Cells keep their tops in line when one says what is wrong under its input.
          rowProps={() => ({ style: { verticalAlign: 'top' } })}
          minWidth={120 * items.length + 60}
          withTableBorder
        />
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" mt="xs">
            {t('engine.input.listEmpty')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" mt="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => p.onChange([...rows, emptyRow(p.field.items)])}
          disabled={p.disabled || rows.length >= max}
        >
          {t('engine.input.listAdd', { item: itemName })}
        </Button>
        <Text size="xs" c="dimmed">
          {t('engine.input.listCount', { count: rows.length, max })}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
