import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { entityLabel, lowerFirst } from './entity-words.ts';
import { extensionOf } from './extensions.ts';
import type { WorkspaceWord } from './technique-extension.ts';

/**
 * The sentences of a technique's generated screens: its own words where its extension gives them,
 * else the generic ones. Every sentence may use `Label` (its rows' name: "Walkthrough finding"),
 * `label` (the same inside a sentence), and the `name` (a row's) or `count` given. Said of another
 * kind of row (`rows`, one of the workspace's lists), the sentences name it and the technique's own
 * words, which speak of its main rows, are not used.
 */
export function useWorkspaceWords(
  technique: TechniqueDefinition,
  rows: EntityDefinition | undefined = technique.workspace?.rows,
) {
  const { t } = useTranslation();
  const own = rows === technique.workspace?.rows ? (extensionOf(technique).words ?? {}) : {};
  const Label = rows ? entityLabel(t, rows) : '';
  // A row without photos is not asked for its photos.
  const photos = rows
    ? Object.keys(rows.imagesOf(undefined)).length + Object.keys(rows.imageListsOf(undefined)).length > 0
    : false;
  const key = (word: WorkspaceWord) => (word === 'noRows' && !photos ? 'noRowsNoPhotos' : word);
  return (word: Exclude<WorkspaceWord, 'open'>, values: { name?: string; count?: number } = {}): string =>
    t(own[word] ?? `workspace.${key(word)}`, { Label, label: lowerFirst(Label), ...values });
}
