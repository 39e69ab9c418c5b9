import type { TechniqueDefinition } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { entityLabel, lowerFirst } from './entity-words.ts';
import { extensionOf } from './extensions.ts';
import type { WorkspaceWord } from './extensions.ts';

/**
 * The sentences of a technique's generated screens: its own words where its extension gives them,
 * else the generic ones. Every sentence may use `Label` (its rows' name: "Walkthrough finding"),
 * `label` (the same inside a sentence), and the `name` (a row's) or `count` given.
 */
export function useWorkspaceWords(technique: TechniqueDefinition) {
  const { t } = useTranslation();
  const own = extensionOf(technique).words ?? {};
  const rows = technique.workspace?.rows;
  const Label = rows ? entityLabel(t, rows) : '';
  return (word: Exclude<WorkspaceWord, 'open'>, values: { name?: string; count?: number } = {}): string =>
    t(own[word] ?? `workspace.${word}`, { Label, label: lowerFirst(Label), ...values });
}
