import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { EntityColumn } from '../../engine/column-fit.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';

/**
 * The sentences of the generated screens a technique may say in its own words ("Add measurement"
 * rather than "Add thermal measurement"). Each generic sentence is `workspace.<word>` and takes
 * `label` (the rows' entity name, in a sentence) and `name` (the row's name).
 */
export type WorkspaceWord =
  | 'notStarted'
  | 'notStartedHelp'
  | 'start'
  | 'details'
  | 'saveDetails'
  | 'detailsSaved'
  | 'rows'
  | 'addRow'
  | 'editRowTitle'
  | 'editRow'
  | 'rowDetails'
  | 'deleteRow'
  | 'deleteRowTitle'
  | 'deleteRowText'
  | 'rowAdded'
  | 'rowSaved'
  | 'rowDeleted'
  | 'noRows'
  | 'rowCount'
  | 'open';

/**
 * A read a technique makes of its own: a query's key and call, as `queryOptions` gives them (the call
 * takes the query's context, whatever its key's type).
 */
export type OwnRead = { queryKey: QueryKey; queryFn?: (context: never) => unknown };

export type GradeBadgeProps = { level: string; size?: 'sm' | 'md' | 'lg' };
export type InspectionPartProps = { scope: WorkspaceScope; inspection: TechniqueRecord };

/**
 * What a technique adds to its generated screens, by module; every part is optional and the generic
 * screens look here rather than name a technique. Thermal plugs in its verdict, its severity badge
 * and its words; VCI its findings by feature.
 */
export type TechniqueExtension = {
  /** Its own sentences, by generic word: i18n keys taking the same `label` and `name`. */
  words?: Partial<Record<WorkspaceWord, string>>;
  /** Above the rows: the inspection's verdict and the figures behind it. */
  Overview?: ComponentType<InspectionPartProps>;
  /** Under the rows: another view of them. */
  WorkspacePanel?: ComponentType<InspectionPartProps>;
  /**
   * Its own reads of an inspection (what its Overview or panel shows), which taking a task offline
   * loads beside the generic ones (features/my-tasks/offline-task.ts).
   */
  takeAlong?: (scope: WorkspaceScope, inspectionId: string) => OwnRead[];
  /** Its grade drawn its own way (with what the level means), wherever a grade shows. */
  GradeBadge?: ComponentType<GradeBadgeProps>;
  /** The rows' table. */
  rows?: {
    /** Its columns, in order and priority, in place of those chosen from the declaration. */
    columns?: EntityColumn[];
    /** Its own cells, by column key. */
    cells?: Record<string, (row: Record<string, unknown>) => ReactNode>;
    /** A tapped row opens its details (every field and image slot) rather than its form. */
    opensDetails?: boolean;
  };
};
