import { createReadStream } from 'node:fs';
import {
  imageMediaTypes,
  reportHeader,
  thermalAnalysis,
  thermalMeasurement,
  workOrderSpk,
} from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, tableOf, users } from '../../db/schema/index.ts';
import type { FileStore } from '../../storage/file-store.ts';

const workOrderSpkTable = tableOf(workOrderSpk);
const reportHeaderTable = tableOf(reportHeader);
const thermalAnalysisTable = tableOf(thermalAnalysis);
const thermalMeasurementTable = tableOf(thermalMeasurement);

const asset = (name: string) => new URL(`./assets/${name}`, import.meta.url);

/** Days before today as YYYY-MM-DD, so the demo always looks recent. */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A small, realistic data set for a new installation: one thermography work order with a report,
 * its thermal analysis and measurements across the severity bands, two of them with images.
 * Runs only when the database holds no work order yet; returns whether it seeded.
 */
export async function seedDemoData(db: Db, files: FileStore): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(workOrderSpkTable);
  if (n > 0) return false;
  const [admin] = await db.select({ id: users.id }).from(users).limit(1);
  const by = { createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null };
  const put = (name: string) =>
    files.put(createReadStream(asset(name)), {
      maxBytes: 5 * 1024 * 1024,
      allowedMediaTypes: imageMediaTypes,
    });
  const thermalImage = await put('thermal-demo.png');
  const visualImage = await put('visual-demo.jpg');

  await db.transaction(async (tx) => {
    const [wo] = await tx
      .insert(workOrderSpkTable)
      .values({
        woNumber: 'WO-2026-0142',
        title: 'Annual thermography survey, Substation 3',
        description: 'Infrared survey of MV switchgear and LV distribution panels before the turnaround.',
        workType: 'Condition monitoring',
        contractNo: 'CTR-IR-2026-07',
        equipmentCategory: 'Electrical',
        tagNumber: 'SS3',
        isEmergency: false,
        dateStart: daysAgo(10),
        dateEnd: daysAgo(-20),
        ...by,
      } as never)
      .returning();
    const [report] = await tx
      .insert(reportHeaderTable)
      .values({
        workOrderSPKId: wo!.id,
        reportNumber: 'RPT-TH-2026-0001',
        title: 'Thermography of LV panel LP-3A',
        equipmentNo: 'LP-3A',
        objectType: 'Electrical panel',
        inspectionMethod: 'thermal',
        location: 'Substation 3, room 2',
        actualStartDate: daysAgo(3),
        status: 'draft',
        ...by,
      } as never)
      .returning();
    const [analysis] = await tx
      .insert(thermalAnalysisTable)
      .values({
        reportHeaderId: report!.id,
        summary:
          'Six connections of LP-3A scanned at 70–85 % load. One cable lug runs far hotter than its neighbours.',
        result: 'Phase R lug of feeder F-07 needs repair at the next opportunity; re-scan after repair.',
        ...by,
      } as never)
      .returning();
    const rows = [
      [
        'F-07',
        'Phase R cable lug',
        96.4,
        41.2,
        'Loose lug suspected: hot spot at the crimp.',
        'Re-terminate and torque to spec; re-scan.',
      ],
      ['F-07', 'Phase S cable lug', 43.0, 41.2, null, null],
      ['F-07', 'Phase T cable lug', 41.2, 41.0, null, null],
      [
        'F-03',
        'Main breaker, line side',
        52.6,
        44.1,
        'Uneven heating across poles.',
        'Check contact resistance at the next shutdown.',
      ],
      [
        'F-03',
        'Busbar joint B2',
        46.3,
        44.0,
        'Slightly warmer than the adjacent joint.',
        'Watch at the next survey.',
      ],
      ['F-11', 'Neutral bar', 35.1, 34.8, null, null],
    ] as const;
    for (const [i, [tag, component, max, ref, remarks, recommendation]] of rows.entries()) {
      const [m] = await tx
        .insert(thermalMeasurementTable)
        .values({
          thermalAnalysisId: analysis!.id,
          date: daysAgo(3 - (i % 2)),
          tagNumber: tag,
          equipmentName: 'LV panel LP-3A',
          component,
          location: 'Substation 3, room 2',
          maxTemperatureC: max,
          referenceTemperatureC: ref,
          ambientTemperatureC: 31.5,
          emissivity: 0.95,
          loadPercent: 78,
          distanceM: 1.5,
          remarks,
          recommendation,
          ...by,
        } as never)
        .returning();
      if (i === 0) {
        for (const [slot, file, displayName] of [
          ['thermalImage', thermalImage, 'IR_F07_R.png'],
          ['visualImage', visualImage, 'DC_F07_R.jpg'],
        ] as const) {
          await tx.insert(attachments).values({
            ownerEntity: 'thermalMeasurement',
            ownerId: m!.id as string,
            slot,
            displayName,
            mediaType: file.mediaType,
            size: file.size,
            sha256: file.sha256,
            storageKey: file.key,
            createdBy: admin?.id ?? null,
          });
        }
      }
    }
  });
  return true;
}
