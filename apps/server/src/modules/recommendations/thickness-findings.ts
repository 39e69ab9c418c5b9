import { thicknessFindings, thicknessLimits, thicknessLocation } from '@inspectra/contract';
import type { ThicknessFindingKind } from '@inspectra/contract';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import type { Actor } from '../../engine/record-scope.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { isoToday } from '../work-orders/work-order-progress.ts';
import { addDays, areaOfEach, openFindings } from './recommendation-writes.ts';

const locations = tableOf(thicknessLocation);

/** A figure as the finding keeps it, to the hundredth (kept values are doubles: 5.8, not 5.800000001). */
const rounded = (value: unknown) => Math.round(Number(value) * 100) / 100;

/**
 * Opens the register's findings of thickness locations (docs/recommendations.md, "Thickness
 * locations"), in the transaction that kept their status from a reading or the location's own
 * write: a location below required opens a critical finding; one not below it with under two years
 * of remaining life, a high one; each due from today by the severity's days. Idempotent: one
 * finding not yet closed per location and kind (a partial unique index). A location that recovers
 * closes nothing: the finding stays until a person closes it with evidence. Answers those opened.
 */
export async function openThicknessFindings(
  tx: DbOrTx,
  locationIds: readonly string[],
  actor: Actor,
): Promise<StoredRecord[]> {
  if (locationIds.length === 0) return [];
  const found = await tx
    .select()
    .from(locations)
    .where(
      and(
        inArray(locations.id, [...locationIds]),
        // Either kind; which one is decided per location below (below required comes first).
        or(
          eq(locations.status, 'belowRequired'),
          lt(locations.remainingLifeYears, sql`${thicknessLimits.approachingLifeYears}`),
        ),
      ),
    );
  if (found.length === 0) return [];
  const today = isoToday();
  const areas = await areaOfEach(tx, [...new Set(found.map((l) => String(l.equipmentNo)))]);
  return openFindings(
    tx,
    actor,
    found.map((location) => {
      const kind: ThicknessFindingKind =
        location.status === 'belowRequired' ? 'belowRequired' : 'underTwoYears';
      const opened = thicknessFindings[kind];
      const where = [location.name, location.component].filter(Boolean).join(' · ');
      // The figures, not words: the reader's language words them (the web's i18n, the sheet's English).
      return {
        equipmentNo: location.equipmentNo,
        thicknessLocationId: location.id,
        area: areas.get(String(location.equipmentNo)) ?? null,
        finding: where.slice(0, 300),
        ...(kind === 'belowRequired'
          ? {
              thicknessMm: rounded(location.latestThicknessMm),
              requiredThicknessMm: rounded(location.requiredThicknessMm),
            }
          : { remainingLifeYears: rounded(location.remainingLifeYears) }),
        grade: kind,
        severity: opened.severity,
        dueDate: addDays(today, opened.dueDays),
      };
    }),
  );
}
