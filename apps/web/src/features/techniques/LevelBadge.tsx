import { Badge } from '@mantine/core';
import { gradedEntity } from '@inspectra/contract';
import type { TechniqueDefinition } from '@inspectra/contract';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../engine/entity-labels.ts';
import type { GradeBadgeProps } from './technique-extension.ts';

/** From the least to the most severe: colour and icon together, so colour is never the only sign. */
const scale = [
  { color: 'green', icon: IconCircleCheck },
  { color: 'yellow', icon: IconEye },
  { color: 'orange', icon: IconAlertTriangle },
  { color: 'red', icon: IconAlertOctagon },
] as const;

/**
 * Where a level sits on the four-step scale (0 least severe, 3 most), whatever number of levels the
 * technique declares: what lets levels of different techniques be compared (the approvals queue).
 */
export function gradeStep(index: number, levels: number): number {
  if (levels <= 1) return 0;
  return Math.round((index * (scale.length - 1)) / (levels - 1));
}
/** The most severe step of the scale. */
export const worstGradeStep = scale.length - 1;

const stepOf = (index: number, levels: number) => scale[gradeStep(index, levels)]!;

/** A level of a technique's grade, at a size. */
export type LevelBadgeProps = GradeBadgeProps & { technique: TechniqueDefinition };

/**
 * A level of the technique's grade (`findingGrade`) on the four-step scale: the level's label from
 * the graded records' enum field (`gradedEntity`), coloured from the least to the most severe of the declared levels. What
 * FindingBadge draws for a technique whose extension draws no badge of its own.
 */
export function LevelBadge({ technique, level, size = 'md' }: LevelBadgeProps) {
  const { t } = useTranslation();
  const grade = technique.findingGrade;
  const graded = gradedEntity(technique);
  if (!grade || !graded) return null;
  const index = grade.levels.indexOf(level);
  const { color, icon: Icon } = stepOf(Math.max(index, 0), grade.levels.length);
  return (
    <Badge
      color={color}
      variant={index <= 0 ? 'light' : 'filled'}
      size={size}
      leftSection={<Icon size={14} aria-hidden />}
      styles={{
        root: { flexShrink: 0, maxWidth: 'none' },
        label: { textTransform: 'none', overflow: 'visible' },
      }}
      autoContrast
    >
      {enumLabel(t, graded.name, grade.field, level)}
    </Badge>
  );
}
