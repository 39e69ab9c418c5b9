import { functionalLocation, plantOwner } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import { attachments, tableOf } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import type { TreeRecord } from '../../engine/report-tree.ts';
import { storedPlantOwner } from '../administration/plant-owner.ts';
import { gradeColour } from './report-pdf-grades.ts';
import type { GradeSummary } from './report-pdf-grades.ts';
import type { Content } from './report-pdf-types.ts';
import type { PendingImage, TechniqueResult } from './report-pdf-layout.ts';
import type { PdfWords } from './report-pdf-words.ts';

/**
 * What the cover of a report's PDF says as a plant files it (docs/report-pdf.md): the plant owner
 * with its logo beside the contractor's, the location by its name, and the overall result per
 * technique as its section counted it.
 */
export type FiledCover = {
  owner: {
    ownerName: string;
    address: string | null;
    city: string | null;
    region: string | null;
    logo: PendingImage | null;
  } | null;
  /** The report's location by its name in the asset master, when its code is one there. */
  locationName: string | null;
  results: TechniqueResult[];
};

/** Where a logo is printed on the cover. */
const logoBox: [number, number] = [140, 56];

/**
 * A record's logo (the file in its image slot) as an image to read with the others, when it is one
 * the PDF can draw (PNG or JPEG); null otherwise.
 */
export async function printableLogo(
  db: DbOrTx,
  ownerEntity: string,
  ownerId: string,
  slot: string,
  box: [number, number],
): Promise<PendingImage | null> {
  const [logo] = await db
    .select({
      id: attachments.id,
      mediaType: attachments.mediaType,
      storageKey: attachments.storageKey,
      size: attachments.size,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.ownerEntity, ownerEntity),
        eq(attachments.ownerId, ownerId),
        eq(attachments.slot, slot),
      ),
    )
    .limit(1);
  const drawable = logo?.mediaType === 'image/png' || logo?.mediaType === 'image/jpeg';
  return logo && drawable ? { attachment: logo, node: {}, box } : null;
}

/** The plant owner and its logo (an image to read with the others), and the report's location by name. */
export async function filedCover(
  deps: Pick<EngineDeps, 'db' | 'repositories'>,
  header: TreeRecord,
  results: TechniqueResult[],
): Promise<FiledCover> {
  const row = await storedPlantOwner(deps);
  let owner: FiledCover['owner'] = null;
  if (row) {
    const logo = await printableLogo(deps.db, plantOwner.name, String(row.id), 'ownerLogo', logoBox);
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    owner = {
      ownerName: String(row.ownerName),
      address: text(row.address),
      city: text(row.city),
      region: text(row.region),
      logo,
    };
  }
  // The report names its location by code (as its work order did), else its equipment's.
  const equipment = header.named.equipmentNo?.record;
  const code = header.values.location ?? equipment?.locationCode;
  let locationName: string | null = null;
  if (typeof code === 'string' && code !== '') {
    const locations = tableOf(functionalLocation);
    const [found] = await deps.db
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.code, code))
      .limit(1);
    locationName = found ? String(found.name) : null;
  }
  return { owner, locationName, results };
}

/** The top of the cover: the plant owner (logo, name, address) on the left, the contractor on the right. */
export function letterhead(
  words: PdfWords,
  filed: FiledCover,
  contractor: { name: string; logo: PendingImage | null } | null,
): Content {
  const w = words.filed;
  const owner = filed.owner;
  const place = owner ? [owner.city, owner.region].filter(Boolean).join(', ') : '';
  return {
    columns: [
      {
        width: '*',
        stack: owner
          ? [
              { text: w.plantOwner, style: 'kicker' },
              ...(owner.logo ? [{ stack: [owner.logo.node], margin: [0, 2, 0, 4] }] : []),
              { text: owner.ownerName, style: 'ownerName' },
              ...(owner.address ? [{ text: owner.address, style: 'coverSmall' }] : []),
              ...(place ? [{ text: place, style: 'coverSmall' }] : []),
            ]
          : [],
      },
      {
        width: 200,
        alignment: 'right',
        stack: [
          { text: w.contractor, style: 'kicker' },
          // Pushed to the right edge: an image takes no alignment from the column it is in.
          ...(contractor?.logo
            ? [
                {
                  columns: [
                    { width: '*', text: '' },
                    { width: 'auto', stack: [contractor.logo.node] },
                  ],
                  margin: [0, 2, 0, 4],
                },
              ]
            : []),
          { text: contractor?.name ?? words.cover.ownersStaff, style: 'ownerName' },
        ],
      },
    ],
    columnGap: 16,
    margin: [0, 0, 0, 18],
  };
}

/** A technique's graded lists as one: rows per level summed, the worst row of the worst level. */
function merged(grades: GradeSummary[]) {
  const first = grades[0];
  if (!first) return undefined;
  const counts = new Map<string, number>();
  let worst: { name: string; level: string; rank: number } | undefined;
  for (const g of grades) {
    for (const { level, rows } of g.byGrade) counts.set(level, (counts.get(level) ?? 0) + rows);
    const rank = g.worst ? g.levels.indexOf(g.worst.level) : -1;
    if (g.worst && (!worst || rank > worst.rank)) worst = { ...g.worst, rank };
  }
  return { first, counts, worst };
}

/** A technique's overrides on the cover: none, or how many and how many a reviewer accepted, in colour while any is not. */
function overridesCell(words: PdfWords, overrides: TechniqueResult['overrides']): Content {
  if (overrides === undefined) return '';
  const count = overrides.rows.toLocaleString(words.locale);
  if (overrides.rows === 0) return count;
  const open = overrides.rows - overrides.accepted;
  return {
    text: `${count} (${words.filed.overridesAccepted(overrides.accepted)})`,
    ...(open > 0 ? { color: '#d9480f', bold: true } : {}),
  };
}

/**
 * The overall result: per technique present, its entries, their grades in the grades' colours, the
 * worst, and (once counted) the overrides.
 */
export function overallResult(words: PdfWords, results: TechniqueResult[]): Content[] {
  if (results.length === 0) return [];
  const w = words.filed;
  const withOverrides = results.some((r) => r.overrides !== undefined);
  const number = (n: number) => n.toLocaleString(words.locale);
  const body: Content[][] = [
    [w.technique, w.entries, w.byGrade, w.worst, ...(withOverrides ? [w.overrides] : [])].map((text) => ({
      text,
      style: 'tableHeader',
    })),
  ];
  for (const result of results) {
    const grades = merged(result.grades);
    const label = (level: string) => words.labels.value(grades!.first.entity, grades!.first.field, level);
    const byGrade: Content = grades?.counts.size
      ? {
          text: grades.first.levels.flatMap((level) => {
            const count = grades.counts.get(level);
            if (!count) return [];
            const colour = gradeColour(grades.first.levels, level);
            return [
              { text: ` ${label(level)} `, background: colour?.fill, color: colour?.color, bold: true },
              ` ${number(count)}   `,
            ];
          }),
        }
      : { text: w.notGraded, style: 'muted' };
    const worstColour = grades?.worst && gradeColour(grades.first.levels, grades.worst.level);
    const worst: Content = grades?.worst
      ? {
          text: `${label(grades.worst.level)} · ${grades.worst.name}`,
          ...(worstColour ? { fillColor: worstColour.fill, color: worstColour.color, bold: true } : {}),
        }
      : { text: '—', style: 'muted' };
    body.push([
      { text: words.labels.technique(result.technique), bold: true },
      number(result.entries),
      byGrade,
      worst,
      ...(withOverrides ? [overridesCell(words, result.overrides)] : []),
    ]);
  }
  return [
    {
      stack: [
        { text: w.overall, style: 'listTitle' },
        {
          table: {
            headerRows: 1,
            widths: [110, 'auto', '*', 150, ...(withOverrides ? ['auto'] : [])],
            body,
          },
          layout: 'lightHorizontalLines',
        },
      ],
      unbreakable: true,
      margin: [0, 8, 0, 0],
    },
  ];
}
