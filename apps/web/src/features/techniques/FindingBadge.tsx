import type { TechniqueDefinition } from '@inspectra/contract';
import { extensionOf } from './extensions.ts';
import { LevelBadge } from './LevelBadge.tsx';
import type { LevelBadgeProps } from './LevelBadge.tsx';

/**
 * How serious a finding is, as the technique grades it (`findingGrade`): the technique's own badge
 * when its extension draws one, else the level on the four-step scale (LevelBadge).
 */
export function FindingBadge({ technique, level, size = 'md' }: LevelBadgeProps) {
  const Own = extensionOf(technique).GradeBadge;
  if (Own) return <Own level={level} size={size} />;
  return <LevelBadge technique={technique} level={level} size={size} />;
}

/** The worst of some levels by the technique's grade, or null when none is graded. */
export function worstLevel(technique: TechniqueDefinition, levels: unknown[]): string | null {
  const grade = technique.findingGrade;
  if (!grade) return null;
  let worst = -1;
  for (const level of levels) worst = Math.max(worst, grade.levels.indexOf(String(level)));
  return worst < 0 ? null : grade.levels[worst]!;
}
