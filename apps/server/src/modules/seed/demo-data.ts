import { createReadStream } from 'node:fs';
import {
  approvalPosition,
  documentMediaTypes,
  equipment,
  inspectionMethod,
  inspectionMethodApproval,
  functionalLocation,
  imageMediaTypes,
  inspectionPoint,
  plannerGroup,
  plantOwner,
  reportHeader,
  reportSupportingDocument,
  techniqueOfMethod,
  thermalAnalysis,
  thermalMeasurement,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { recordScopes, repositories } from '../../app.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { attachments, tableOf, users } from '../../db/schema/index.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { writeVersion } from '../reports/report-versions.ts';
import {
  demoEquipment,
  demoInspectionPoints,
  demoLocations,
  demoPlannerGroups,
} from './demo-asset-master.ts';
import { seedDemoNdt } from './demo-ndt.ts';

const workOrderSpkTable = tableOf(workOrderSpk);
const reportHeaderTable = tableOf(reportHeader);
const thermalAnalysisTable = tableOf(thermalAnalysis);
const thermalMeasurementTable = tableOf(thermalMeasurement);

const asset = (name: string) => new URL(`./assets/${name}`, import.meta.url);

/** Days before today as YYYY-MM-DD, so the demo always looks recent. */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

type By = { createdBy: string | null; updatedBy: string | null };

/** The asset master (one unit, its areas, planner groups, equipment and points), in a few batch inserts. */
async function seedAssetMaster(tx: DbOrTx, by: By) {
  await tx.insert(tableOf(functionalLocation)).values(demoLocations.map((l) => ({ ...l, ...by })) as never);
  await tx.insert(tableOf(plannerGroup)).values(demoPlannerGroups.map((g) => ({ ...g, ...by })) as never);
  const equipmentTable = tableOf(equipment);
  const stored = await tx
    .insert(equipmentTable)
    .values(demoEquipment().map((e) => ({ ...e, ...by })) as never)
    .returning({
      id: equipmentTable.id,
      equipmentNo: equipmentTable.equipmentNo,
      tagNumber: equipmentTable.tagNumber,
      objectTypeCode: equipmentTable.objectTypeCode,
    });
  const items = stored as { id: string; equipmentNo: string; tagNumber: string; objectTypeCode: string }[];
  await tx
    .insert(tableOf(inspectionPoint))
    .values(demoInspectionPoints(items).map((p) => ({ ...p, ...by })) as never);
  return new Map(items.map((e) => [e.tagNumber, e.equipmentNo]));
}

/**
 * What a demo report holds of what its method requires before it is submitted (completeness.ts), so
 * that a report past draft is one a reviewer could have been sent: its technique's inspection and
 * rows (a VCI finding), or, for a method without a technique yet, its supporting documents.
 */
type DemoReportContent = {
  /** The technique's inspection (its `workspace.inspection`) and its rows, with the variant if any. */
  inspection?: { variant?: string; values: Record<string, unknown>; rows: Record<string, unknown>[] };
  documents?: { documentType: string; description: string; displayName: string }[];
};

type DemoOrder = {
  order: Record<string, unknown> & { woNumber: string; title: string; tagNumber: string; location: string };
  methods: string[];
  report?: {
    reportNumber: string;
    title: string;
    method: string;
    status: string;
    objectType: string;
  } & DemoReportContent;
};

/**
 * Work orders across statuses, methods and categories besides the thermography survey, each with
 * its task assignments and, for some, a report: so the work lists, the methods' summary and my
 * tasks show something on a new installation.
 */
const otherWork = (): DemoOrder[] => [
  {
    order: {
      woNumber: 'WO-2026-0143',
      title: 'Monthly vibration route, crude charge pumps',
      equipmentCategory: 'rotating-equipment',
      tagNumber: 'P-101A',
      plannerGroup: 'PG-ROT',
      location: 'CDU1-PMP',
      status: 'open',
      dateStart: daysAgo(-2),
      dateEnd: daysAgo(-9),
    },
    methods: ['vibration', 'ultrasound'],
  },
  {
    order: {
      woNumber: 'WO-2026-0144',
      title: 'Visual crack inspection, preheat train lines',
      workType: 'statutoryInspection',
      equipmentCategory: 'pipe',
      tagNumber: '10"-P-1006-A1A',
      plannerGroup: 'PG-INSP',
      location: 'CDU1-RACK',
      priority: 'high',
      status: 'inProgress',
      dateStart: daysAgo(6),
      dateEnd: daysAgo(-14),
    },
    methods: ['vci', 'walkthrough'],
    report: {
      reportNumber: 'RPT-VCI-2026-0007',
      title: 'VCI of line 10"-P-1006-A1A',
      method: 'vci',
      status: 'submitted',
      objectType: 'PIPE-PROC',
      inspection: {
        variant: 'pipe',
        values: {
          measurementDate: daysAgo(4),
          finding:
            'External corrosion under a damaged coating at pipe support PS-14: scale and pitting over about 150 mm of the bottom of the line.',
          analysis:
            'Rain water held by the support saddle. Pits up to 1.2 mm deep by pit gauge, against a nominal wall of 9.27 mm: the remaining wall is above the minimum required.',
          recommendation:
            'Blast and recoat the bottom of the line at PS-14, fit a wear pad, and measure the wall there by UT at the next turnaround.',
        },
        rows: [
          {
            measurementDate: daysAgo(4),
            location: "Pipe support PS-14, 6 o'clock",
            segmentPipingNumber: '10"-P-1006-A1A / SEG-03',
            feature: 'corrosion',
            vciSpotNumber: 'VCI-01',
            severity: 'medium',
            remarks: 'Coating broken down; pitting up to 1.2 mm deep under the scale.',
          },
        ],
      },
    },
  },
  {
    order: {
      woNumber: 'WO-2026-0131',
      title: 'Shell scan of crude tank T-311 before return to service',
      workType: 'turnaround',
      equipmentCategory: 'storage-tank',
      tagNumber: 'T-311',
      plannerGroup: 'PG-STAT',
      location: 'CDU1-TKF',
      priority: 'high',
      status: 'completed',
      dateStart: daysAgo(40),
      dateEnd: daysAgo(25),
      actualStartDate: daysAgo(38),
      actualEndDate: daysAgo(27),
    },
    methods: ['srut'],
    report: {
      reportNumber: 'RPT-SRUT-2026-0003',
      title: 'SRUT of tank T-311 annular plate',
      method: 'srut',
      status: 'approved',
      objectType: 'TK-FLOAT',
      inspection: {
        variant: 'storage-tank',
        values: {
          measurementDate: daysAgo(33),
          nominalThickness: 8,
          // The t-min the tank's engineer set for this annular plate (API 653 4.4).
          minimumThickness: 2.5,
          finding:
            'Annular plate scanned from the chime all round: two indications near the north-east drain, one leaving 2.1 mm.',
          recommendation:
            'Repair the A-07 indication at the next out-of-service inspection; scan A-03 again in one year.',
        },
        rows: [
          { tag: 'A-01', scanLength: 4200 },
          {
            tag: 'A-03',
            scanLength: 4200,
            locationOfIndicationL: 1850,
            locationOfIndicationH: 120,
            dimentionOfIndicationDL: 60,
            dimentionOfIndicationDH: 40,
            estimationOfDepth: 2.4,
          },
          {
            tag: 'A-07',
            scanLength: 4200,
            locationOfIndicationL: 610,
            locationOfIndicationH: 90,
            dimentionOfIndicationDL: 140,
            dimentionOfIndicationDH: 70,
            estimationOfDepth: 5.9,
          },
        ],
      },
      documents: [
        {
          documentType: 'dataSheet',
          description: 'Scan results of the annular plate: minimum remaining thickness per sector',
          displayName: 'SRUT T-311 annular plate results.pdf',
        },
      ],
    },
  },
  {
    order: {
      woNumber: 'WO-2026-0152',
      title: 'Vibration of the preheat line at PS-12 after the P-101A restart',
      workType: 'corrective',
      equipmentCategory: 'pipe',
      tagNumber: '10"-P-1006-A1A',
      plannerGroup: 'PG-INSP',
      location: 'CDU1-RACK',
      priority: 'medium',
      status: 'inProgress',
      dateStart: daysAgo(3),
      dateEnd: daysAgo(-4),
    },
    methods: ['motionMagnification'],
    report: {
      reportNumber: 'RPT-MM-2026-0004',
      title: 'Motion magnification of 10"-P-1006-A1A between PS-11 and PS-13',
      method: 'motionMagnification',
      status: 'draft',
      objectType: 'PIPE-PROC',
      inspection: {
        variant: 'pipe',
        values: {
          measurementDate: daysAgo(2),
          finding: 'The span between PS-11 and PS-12 sways laterally at the pump’s running speed.',
          diagnosis: 'Resonance of the span near 1× pump speed; the guide at PS-12 has lost its shim.',
          recommendation: 'Re-shim the guide at PS-12 and film the span again with the pump on line.',
        },
        rows: [
          {
            measurementDate: daysAgo(2),
            shootingAreaOrCameraDirection: 'Grade level, north of PS-12, facing the span',
            finding: 'Lateral sway of the span, largest at mid-span',
            dominantFrequencyHz: 24.7,
            velAmplitude: 31,
            dispAmplitude: 400,
          },
          {
            measurementDate: daysAgo(2),
            shootingAreaOrCameraDirection: 'Platform, east of PS-13, facing the elbow',
            finding: 'Elbow follows the span, little motion of its own',
            dominantFrequencyHz: 24.7,
            velAmplitude: 9,
            dispAmplitude: 116,
          },
        ],
      },
    },
  },
  {
    order: {
      woNumber: 'WO-2026-0147',
      title: 'Hot spot on transformer TR-02 LV bushing',
      workType: 'corrective',
      equipmentCategory: 'electrical',
      tagNumber: 'TR-02',
      plannerGroup: 'PG-ELEC',
      location: 'CDU1-SUB3',
      priority: 'veryHigh',
      isEmergency: true,
      status: 'open',
      dateStart: daysAgo(0),
      dateEnd: daysAgo(-2),
    },
    methods: ['thermal'],
  },
  {
    order: {
      woNumber: 'WO-2026-0138',
      title: 'Weld examination of reactor R-101 nozzles',
      workType: 'preventive',
      equipmentCategory: 'pressure-vessel',
      tagNumber: 'R-101',
      plannerGroup: 'PG-STAT',
      location: 'CDU1-COL',
      status: 'inProgress',
      dateStart: daysAgo(12),
      dateEnd: daysAgo(-5),
    },
    methods: ['ufd', 'paut'],
    report: {
      reportNumber: 'RPT-UFD-2026-0011',
      title: 'UFD of R-101 inlet nozzle welds',
      method: 'ufd',
      status: 'returned',
      objectType: 'PV-REACTOR',
      inspection: {
        variant: 'pressure-vessel',
        values: {
          measurementDate: daysAgo(9),
          procedureName: 'UT-PRC-014 rev 3',
          acceptanceCode: 'ASME VIII Div. 1, Appendix 12',
          scanningTechnique: 'Angle beam, raster from both sides of the weld',
          sensitivityLevel: 'Reference level + 6 dB',
          jobOrJoint: 'N1 and N2 nozzle-to-shell welds',
          matThickness: 38,
          weldingPrep: 'Double V',
          weldingProcess: 'SAW',
          surfaceCondition: 'Cap ground flush',
          equipmentUsed: 'Olympus EPOCH 650',
          equipmentSerialNumber: 'E650-22871',
          testBlockUsed: 'IIW V1, DAC block 38 mm',
          couplantUsed: 'Glycerine gel',
          probeUsed: '2.25 MHz 60° angle beam',
          probeSerialNumber: 'P60-1193',
          finding:
            'N1: one slag line within the code. N2: a planar indication at the root, 22 mm long, echo 140 % of the reference: rejected.',
          recommendation: 'Excavate and repair the N2 root indication; examine again after repair.',
        },
        rows: [
          {
            measurementDate: daysAgo(9),
            partOfSubject: 'N1 weld, 2 o’clock',
            transducerAngle: 60,
            decibelsDefectSensitivityLevel: 52,
            decibelsDefectReferenceLevel: 46,
            decibelsDefectHeightOfScreenPercentage: 60,
            decibelsDefectThickness: 14,
            decibelsDefectLength: 8,
            decibelsDefectAngularDistance: 32,
            decibelsDefectType: 'slagInclusion',
            result: 'accept',
          },
          {
            measurementDate: daysAgo(9),
            partOfSubject: 'N2 weld root, 7 o’clock',
            transducerAngle: 60,
            decibelsDefectSensitivityLevel: 52,
            decibelsDefectReferenceLevel: 46,
            decibelsDefectHeightOfScreenPercentage: 140,
            decibelsDefectThickness: 35,
            decibelsDefectLength: 22,
            decibelsDefectAngularDistance: 78,
            decibelsDefectType: 'lackOfFusion',
            result: 'reject',
          },
        ],
      },
      documents: [
        {
          documentType: 'other',
          description: 'Weld examination results of nozzles N1 and N2',
          displayName: 'UFD R-101 inlet nozzle welds.pdf',
        },
      ],
    },
  },
  {
    order: {
      woNumber: 'WO-2026-0129',
      title: 'Cathodic protection survey, crude jetty piles',
      workType: 'statutoryInspection',
      equipmentCategory: 'structure',
      tagNumber: 'JT-01',
      plannerGroup: 'PG-CIV',
      location: 'CDU1-JTY',
      priority: 'low',
      status: 'cancelled',
      dateStart: daysAgo(30),
      dateEnd: daysAgo(20),
    },
    methods: ['sacp'],
  },
];

/** A file already in the store, as an attachment row names it. */
type StoredFile = { mediaType: string; size: number; sha256: string; key: string };

/**
 * The work orders above with their assignments and reports, in three inserts. The assignments name
 * no inspector: the administrator is never one (docs/task-assignments.md); the demo's inspectors
 * are given their tasks when they are made (demo-users.ts), and the rest is work to staff. Then
 * what each report holds (`DemoReportContent`), documents with `resultsFile` as their file.
 */
async function seedOtherWork(
  tx: DbOrTx,
  by: By,
  equipmentNoOf: Map<string, string>,
  resultsFile: StoredFile,
) {
  const inspectors: string[] = [];
  const work = otherWork();
  const stored = (await tx
    .insert(workOrderSpkTable)
    .values(work.map((w) => ({ contractNo: 'CTR-INSP-2026-02', ...w.order, ...by })) as never)
    .returning({ id: workOrderSpkTable.id, woNumber: workOrderSpkTable.woNumber })) as {
    id: string;
    woNumber: string;
  }[];
  const idOf = new Map(stored.map((w) => [w.woNumber, w.id]));
  const assignments = work.flatMap((w) =>
    w.methods.map((inspectionMethod) => ({
      workOrderSPKId: idOf.get(w.order.woNumber),
      inspectionMethod,
      userPDMIds: inspectors,
      ...by,
    })),
  );
  await tx.insert(tableOf(woTaskAssignment)).values(assignments as never);
  const reports = work.flatMap(({ order, report }) =>
    report
      ? [
          {
            workOrderSPKId: idOf.get(order.woNumber),
            reportNumber: report.reportNumber,
            title: report.title,
            equipmentNo: equipmentNoOf.get(order.tagNumber),
            equipmentCategory: order.equipmentCategory,
            objectType: report.objectType,
            inspectionMethod: report.method,
            location: demoLocations.find((l) => l.code === order.location)?.name,
            actualStartDate: order.dateStart,
            status: report.status,
            ...by,
          },
        ]
      : [],
  );
  const storedReports = (await tx
    .insert(reportHeaderTable)
    .values(reports as never)
    .returning({ id: reportHeaderTable.id, reportNumber: reportHeaderTable.reportNumber })) as {
    id: string;
    reportNumber: string;
  }[];
  for (const { report } of work) {
    if (!report) continue;
    const id = storedReports.find((r) => r.reportNumber === report.reportNumber)!.id;
    await seedReportContent(tx, by, { id, method: report.method }, report, resultsFile);
  }
}

/**
 * What one demo report holds: its technique's inspection (under the report) and rows (under the
 * inspection), found through the technique's workspace as the screens find them, and its
 * supporting documents, each with the file.
 */
async function seedReportContent(
  tx: DbOrTx,
  by: By,
  report: { id: string; method: string },
  content: DemoReportContent,
  file: StoredFile,
) {
  if (content.inspection) {
    const workspace = techniqueOfMethod(report.method)?.workspace;
    const inspection = workspace?.inspection;
    const rows = workspace?.rows;
    if (!inspection || !rows) throw new Error(`${report.method}: no technique with rows to seed`);
    const variant = content.inspection.variant ? { variant: content.inspection.variant } : {};
    const inspectionTable = tableOf(inspection);
    const [made] = (await tx
      .insert(inspectionTable)
      .values({ [inspection.parent!]: report.id, ...variant, ...content.inspection.values, ...by } as never)
      .returning({ id: inspectionTable.id })) as { id: string }[];
    if (content.inspection.rows.length > 0)
      await tx.insert(tableOf(rows)).values(
        content.inspection.rows.map((row) => ({
          [rows.parent!]: made!.id,
          ...variant,
          ...row,
          ...by,
        })) as never,
      );
  }
  const documentTable = tableOf(reportSupportingDocument);
  for (const document of content.documents ?? []) {
    const [made] = (await tx
      .insert(documentTable)
      .values({
        reportHeaderId: report.id,
        documentType: document.documentType,
        description: document.description,
        ...by,
      } as never)
      .returning({ id: documentTable.id })) as { id: string }[];
    await tx.insert(attachments).values({
      ownerEntity: reportSupportingDocument.name,
      ownerId: made!.id,
      slot: 'file',
      displayName: document.displayName,
      mediaType: file.mediaType,
      size: file.size,
      sha256: file.sha256,
      storageKey: file.key,
      createdBy: by.createdBy,
    });
  }
}

/** The demo's plant owner: the organisation every report is filed under, with its logo. */
export const demoPlantOwner = {
  ownerName: 'PT Kilang Nusantara Energi',
  address: 'Jl. Jenderal Gatot Subroto Kav. 42, Kuningan Barat, Mampang Prapatan',
  city: 'Jakarta',
  region: 'DKI Jakarta',
};

/** The plant owner and its logo, set once: an administrator's own values are never replaced. */
async function seedPlantOwner(db: Db, files: FileStore, by: By) {
  const owners = tableOf(plantOwner);
  const [existing] = await db.select({ id: owners.id }).from(owners).limit(1);
  if (existing) return;
  const logo = await files.put(createReadStream(asset('plant-owner-logo.png')), {
    maxBytes: 1024 * 1024,
    allowedMediaTypes: imageMediaTypes,
  });
  await db.transaction(async (tx) => {
    const [made] = (await tx
      .insert(owners)
      .values({ ...demoPlantOwner, ...by } as never)
      .returning({ id: owners.id })) as { id: string }[];
    await tx.insert(attachments).values({
      ownerEntity: plantOwner.name,
      ownerId: made!.id,
      slot: 'ownerLogo',
      displayName: 'plant-owner-logo.png',
      mediaType: logo.mediaType,
      size: logo.size,
      sha256: logo.sha256,
      storageKey: logo.key,
      createdBy: by.createdBy,
    });
  });
}

/** The demo's approval positions: who approves at the first level, and who signs off thermal. */
export const demoApprovalPositions = [
  { name: 'Area inspection engineer', description: 'Checks the findings of the area', levelApproval: 1 },
  {
    name: 'Inspection superintendent',
    description: 'Signs off reports that need a second look',
    levelApproval: 2,
  },
] as const;

/**
 * Approval settings (docs/approvals.md): thermal needs the engineer, then the superintendent; every
 * other method one level, the engineer. Reviewers are assigned once the demo has its reviewers.
 */
async function seedApprovalSettings(tx: DbOrTx, by: By) {
  await tx
    .insert(tableOf(approvalPosition))
    .values(demoApprovalPositions.map((p) => ({ ...p, ...by })) as never);
  const methods = tableOf(inspectionMethod);
  const codes = (await tx.select({ code: methods.code }).from(methods)).map((m) => String(m.code));
  const [engineer, superintendent] = demoApprovalPositions.map((p) => p.name);
  const levels = codes.flatMap((code) => [
    { inspectionMethod: code, levelApproval: 1, approvalPosition: engineer, ...by },
    ...(code === 'thermal'
      ? [{ inspectionMethod: code, levelApproval: 2, approvalPosition: superintendent, ...by }]
      : []),
  ]);
  if (levels.length > 0) await tx.insert(tableOf(inspectionMethodApproval)).values(levels as never);
}

/**
 * A realistic data set for a new installation: the asset master of one refinery unit; a
 * thermography work order with a report, its thermal analysis and measurements across the severity
 * bands, two of them with images; a handful of other work orders across statuses and methods; and
 * a few NDT register rows (demo-ndt.ts). Runs only when the database holds no work order yet (the
 * NDT rows: when the register is empty); returns whether it seeded the work.
 */
export async function seedDemoData(db: Db, files: FileStore): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(workOrderSpkTable);
  const [admin] = await db.select({ id: users.id }).from(users).limit(1);
  const by = { createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null };
  // The plant owner and the NDT register came later than the rest: an installation seeded before
  // them gets them too.
  await seedPlantOwner(db, files, by);
  if (n > 0) {
    await seedDemoNdt(db, by);
    return false;
  }
  const put = (name: string) =>
    files.put(createReadStream(asset(name)), {
      maxBytes: 5 * 1024 * 1024,
      allowedMediaTypes: imageMediaTypes,
    });
  const thermalImage = await put('thermal-demo.png');
  const visualImage = await put('visual-demo.jpg');
  // The results documents the demo's reports carry beside their inspections (SRUT, UFD).
  const resultsFile = await files.put(createReadStream(asset('results-demo.pdf')), {
    maxBytes: 1024 * 1024,
    allowedMediaTypes: documentMediaTypes,
  });

  await db.transaction(async (tx) => {
    const equipmentNoOf = await seedAssetMaster(tx, by);
    await seedOtherWork(tx, by, equipmentNoOf, resultsFile);
    await seedApprovalSettings(tx, by);
    await seedDemoNdt(tx, by);
    const [wo] = await tx
      .insert(workOrderSpkTable)
      .values({
        woNumber: 'WO-2026-0142',
        title: 'Annual thermography survey, Substation 3',
        description: 'Infrared survey of MV switchgear and LV distribution panels before the turnaround.',
        workType: 'conditionMonitoring',
        contractNo: 'CTR-IR-2026-07',
        equipmentCategory: 'electrical',
        tagNumber: 'LP-3A',
        plannerGroup: 'PG-ELEC',
        location: 'CDU1-SUB3',
        status: 'inProgress',
        isEmergency: false,
        dateStart: daysAgo(10),
        dateEnd: daysAgo(-20),
        ...by,
      } as never)
      .returning();
    await tx.insert(tableOf(woTaskAssignment)).values({
      workOrderSPKId: wo!.id,
      inspectionMethod: 'thermal',
      // Nobody yet: the demo's inspector is named when made (demo-users.ts), never the administrator.
      userPDMIds: [],
      ...by,
    } as never);
    const [report] = await tx
      .insert(reportHeaderTable)
      .values({
        workOrderSPKId: wo!.id,
        reportNumber: 'RPT-TH-2026-0001',
        title: 'Thermography of LV panel LP-3A',
        equipmentNo: equipmentNoOf.get('LP-3A'),
        equipmentCategory: 'electrical',
        objectType: 'EL-PANEL',
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
    // The demo's approved reports are versions of record, as an approval would have made them.
    const recordRepositories = repositories(recordScopes);
    const approved = await tx
      .select()
      .from(reportHeaderTable)
      .where(eq(reportHeaderTable.status, 'approved'));
    for (const row of approved)
      await writeVersion({ db: tx, repositories: recordRepositories }, row as never, {
        id: admin?.id ?? null,
        fullName: null,
      });
  });
  return true;
}
