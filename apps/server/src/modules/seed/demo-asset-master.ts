/**
 * The asset master of the demo: one refinery unit, Crude Distillation Unit 1, with its areas,
 * planner groups and about three hundred pieces of equipment over every seeded category and object
 * type, tagged as a plant tags them (P-101A, E-105, T-301, V-110, 10"-P-1001-A1A, TR-01). Generated
 * from a few tables rather than listed, so it stays readable; equipment numbers are SAP-style.
 */

export const demoPlant = 'RU-CDU1';

export const demoLocations = [
  ['CDU1', 'Crude Distillation Unit 1'],
  ['CDU1-FRN', 'CDU 1, furnace area'],
  ['CDU1-COL', 'CDU 1, column and drum structure'],
  ['CDU1-PMP', 'CDU 1, pump row'],
  ['CDU1-EXC', 'CDU 1, preheat exchanger bay'],
  ['CDU1-RACK', 'CDU 1, main pipe rack'],
  ['CDU1-TKF', 'CDU 1, crude and product tank farm'],
  ['CDU1-SUB3', 'CDU 1, substation 3'],
  ['CDU1-JTY', 'Crude jetty and pipeline corridor'],
].map(([code, name]) => ({ code: code!, name: name!, plant: demoPlant }));

export const demoPlannerGroups = [
  ['PG-STAT', 'Static equipment'],
  ['PG-ROT', 'Rotating equipment'],
  ['PG-ELEC', 'Electrical'],
  ['PG-CIV', 'Civil and structures'],
  ['PG-INSP', 'Inspection engineering'],
].map(([code, name]) => ({ code: code!, name: name!, plant: demoPlant }));

export type DemoEquipment = {
  equipmentNo: string;
  tagNumber: string;
  description: string;
  categoryCode: string;
  objectTypeCode: string;
  locationCode: string;
  plannerGroupCode: string;
  manufacturer: string | null;
  yearInstalled: number;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** One family of equipment: its tags, descriptions and where it sits in the master. */
type Family = {
  categoryCode: string;
  objectTypeCode: string;
  locationCode: string;
  plannerGroupCode: string;
  manufacturers: readonly string[];
  items: readonly (readonly [tag: string, description: string])[];
};

const services = [
  'crude charge',
  'atmospheric residue',
  'kerosene product',
  'diesel product',
  'naphtha reflux',
  'top pumparound',
  'middle pumparound',
  'bottom pumparound',
  'desalter water',
  'light gas oil',
  'heavy gas oil',
  'slop oil',
  'sour water',
  'wash water',
  'caustic injection',
];
const lineSizes = ['2', '3', '4', '6', '8', '10', '12', '16', '18', '24'];
const lineSpecs = ['A1A', 'A1B', 'B1A', 'C1A', 'D2A'];

const families: Family[] = [
  {
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-PUMP',
    locationCode: 'CDU1-PMP',
    plannerGroupCode: 'PG-ROT',
    manufacturers: ['Flowserve', 'Sulzer', 'KSB', 'Ebara'],
    items: range(101, 115).flatMap((n, i) =>
      ['A', 'B'].map(
        (s) =>
          [`P-${n}${s}`, `${cap(pick(services, i))} pump ${s === 'A' ? '(running)' : '(spare)'}`] as const,
      ),
    ),
  },
  {
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-MOTOR',
    locationCode: 'CDU1-PMP',
    plannerGroupCode: 'PG-ELEC',
    manufacturers: ['ABB', 'Siemens', 'WEG'],
    items: range(101, 115).flatMap((n, i) =>
      ['A', 'B'].map((s) => [`PM-${n}${s}`, `Motor of ${pick(services, i)} pump P-${n}${s}`] as const),
    ),
  },
  {
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-COMP',
    locationCode: 'CDU1-COL',
    plannerGroupCode: 'PG-ROT',
    manufacturers: ['Atlas Copco', 'Dresser-Rand'],
    items: [
      ['K-101', 'Overhead gas compressor'],
      ['K-102', 'Instrument air compressor'],
      ['K-103', 'Plant air compressor'],
    ],
  },
  {
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-FAN',
    locationCode: 'CDU1-EXC',
    plannerGroupCode: 'PG-ROT',
    manufacturers: ['Howden', 'Hudson'],
    items: range(101, 112).map(
      (n) => [`EA-${n}`, `Air cooler fan ${n - 100} of the overhead condensers`] as const,
    ),
  },
  {
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-TURB',
    locationCode: 'CDU1-PMP',
    plannerGroupCode: 'PG-ROT',
    manufacturers: ['Elliott', 'Siemens'],
    items: [
      ['PT-101B', 'Steam turbine driver of crude charge pump P-101B'],
      ['PT-105B', 'Steam turbine driver of residue pump P-105B'],
    ],
  },
  {
    categoryCode: 'pressure-vessel',
    objectTypeCode: 'PV-COLUMN',
    locationCode: 'CDU1-COL',
    plannerGroupCode: 'PG-STAT',
    manufacturers: ['Wika Industri', 'JGC'],
    items: [
      ['C-101', 'Atmospheric crude column'],
      ['C-102', 'Kerosene side stripper'],
      ['C-103', 'Diesel side stripper'],
      ['C-104', 'Naphtha stabiliser'],
    ],
  },
  {
    categoryCode: 'pressure-vessel',
    objectTypeCode: 'PV-DRUM',
    locationCode: 'CDU1-COL',
    plannerGroupCode: 'PG-STAT',
    manufacturers: ['Wika Industri', 'Boma Bisma Indra'],
    items: range(101, 124).map(
      (n, i) =>
        [
          `V-${n}`,
          pick(['Overhead accumulator', 'Flash drum', 'Knock-out drum', 'Surge drum', 'Desalter'], i),
        ] as const,
    ),
  },
  {
    categoryCode: 'pressure-vessel',
    objectTypeCode: 'PV-REACTOR',
    locationCode: 'CDU1-COL',
    plannerGroupCode: 'PG-STAT',
    manufacturers: ['JGC'],
    items: [
      ['R-101', 'Naphtha hydrotreater reactor'],
      ['R-102', 'Caustic wash contactor'],
    ],
  },
  {
    categoryCode: 'pressure-vessel',
    objectTypeCode: 'PV-HX',
    locationCode: 'CDU1-EXC',
    plannerGroupCode: 'PG-STAT',
    manufacturers: ['Alfa Laval', 'Kelvion', 'Wika Industri'],
    items: range(101, 140).map(
      (n, i) => [`E-${n}`, `Crude preheat exchanger against ${pick(services, i + 3)}`] as const,
    ),
  },
  {
    categoryCode: 'storage-tank',
    objectTypeCode: 'TK-FIXED',
    locationCode: 'CDU1-TKF',
    plannerGroupCode: 'PG-STAT',
    manufacturers: [],
    items: range(301, 310).map((n, i) => [`T-${n}`, `${cap(pick(services, i + 2))} tank`] as const),
  },
  {
    categoryCode: 'storage-tank',
    objectTypeCode: 'TK-FLOAT',
    locationCode: 'CDU1-TKF',
    plannerGroupCode: 'PG-STAT',
    manufacturers: [],
    items: range(311, 318).map((n) => [`T-${n}`, `Crude oil tank, floating roof`] as const),
  },
  {
    categoryCode: 'storage-tank',
    objectTypeCode: 'TK-SPHERE',
    locationCode: 'CDU1-TKF',
    plannerGroupCode: 'PG-STAT',
    manufacturers: [],
    items: range(401, 403).map((n) => [`TK-${n}`, 'LPG sphere'] as const),
  },
  {
    categoryCode: 'pipe',
    objectTypeCode: 'PIPE-PROC',
    locationCode: 'CDU1-RACK',
    plannerGroupCode: 'PG-INSP',
    manufacturers: [],
    items: range(1001, 1060).map(
      (n, i) =>
        [`${pick(lineSizes, i)}"-P-${n}-${pick(lineSpecs, i)}`, `${cap(pick(services, i))} line`] as const,
    ),
  },
  {
    categoryCode: 'pipe',
    objectTypeCode: 'PIPE-UTIL',
    locationCode: 'CDU1-RACK',
    plannerGroupCode: 'PG-INSP',
    manufacturers: [],
    items: range(2001, 2016).map(
      (n, i) =>
        [
          `${pick(['2', '3', '4', '6'], i)}"-${pick(['LS', 'MS', 'CW', 'IA', 'N'], i)}-${n}-B1A`,
          `${pick(['Low-pressure steam', 'Medium-pressure steam', 'Cooling water', 'Instrument air', 'Nitrogen'], i)} header`,
        ] as const,
    ),
  },
  {
    categoryCode: 'pipeline',
    objectTypeCode: 'PL-CRUDE',
    locationCode: 'CDU1-JTY',
    plannerGroupCode: 'PG-INSP',
    manufacturers: [],
    items: [
      ['PL-101', 'Crude pipeline, jetty to tank farm (24")'],
      ['PL-102', 'Crude pipeline, tank farm to CDU 1 (20")'],
    ],
  },
  {
    categoryCode: 'pipeline',
    objectTypeCode: 'PL-GAS',
    locationCode: 'CDU1-JTY',
    plannerGroupCode: 'PG-INSP',
    manufacturers: [],
    items: [['PL-201', 'Fuel gas pipeline from the gas plant (12")']],
  },
  {
    categoryCode: 'pipeline',
    objectTypeCode: 'PL-PROD',
    locationCode: 'CDU1-JTY',
    plannerGroupCode: 'PG-INSP',
    manufacturers: [],
    items: [
      ['PL-301', 'Diesel product pipeline to the terminal (16")'],
      ['PL-302', 'Kerosene product pipeline to the terminal (12")'],
    ],
  },
  {
    categoryCode: 'structure',
    objectTypeCode: 'ST-RACK',
    locationCode: 'CDU1-RACK',
    plannerGroupCode: 'PG-CIV',
    manufacturers: [],
    items: range(1, 8).map((n) => [`PR-0${n}`, `Main pipe rack, bay ${n}`] as const),
  },
  {
    categoryCode: 'structure',
    objectTypeCode: 'ST-JETTY',
    locationCode: 'CDU1-JTY',
    plannerGroupCode: 'PG-CIV',
    manufacturers: [],
    items: [
      ['JT-01', 'Crude jetty, berth 1'],
      ['JT-02', 'Crude jetty, berth 2'],
    ],
  },
  {
    categoryCode: 'structure',
    objectTypeCode: 'ST-PILE',
    locationCode: 'CDU1-JTY',
    plannerGroupCode: 'PG-CIV',
    manufacturers: [],
    items: range(1, 12).map((n) => [`PILE-J1-${String(n).padStart(3, '0')}`, `Jetty 1 pile ${n}`] as const),
  },
  {
    categoryCode: 'electrical',
    objectTypeCode: 'EL-TRAFO',
    locationCode: 'CDU1-SUB3',
    plannerGroupCode: 'PG-ELEC',
    manufacturers: ['Trafoindo', 'ABB', 'Siemens'],
    items: range(1, 8).map((n) => [`TR-0${n}`, `Transformer ${n}, 20/0.4 kV`] as const),
  },
  {
    categoryCode: 'electrical',
    objectTypeCode: 'EL-SWGR',
    locationCode: 'CDU1-SUB3',
    plannerGroupCode: 'PG-ELEC',
    manufacturers: ['Schneider Electric', 'ABB'],
    items: range(1, 4).map((n) => [`SWG-0${n}`, `20 kV switchgear, section ${n}`] as const),
  },
  {
    categoryCode: 'electrical',
    objectTypeCode: 'EL-MCC',
    locationCode: 'CDU1-SUB3',
    plannerGroupCode: 'PG-ELEC',
    manufacturers: ['Schneider Electric', 'Siemens'],
    items: range(1, 6).map((n) => [`MCC-0${n}`, `Motor control centre ${n}`] as const),
  },
  {
    categoryCode: 'electrical',
    objectTypeCode: 'EL-PANEL',
    locationCode: 'CDU1-SUB3',
    plannerGroupCode: 'PG-ELEC',
    manufacturers: ['Schneider Electric'],
    items: [1, 2, 3].flatMap((n) =>
      ['A', 'B', 'C'].map((s) => [`LP-${n}${s}`, `LV panel LP-${n}${s}`] as const),
    ),
  },
];

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every piece of demo equipment, numbered 10001001 upwards in the order of the families above. */
export function demoEquipment(): DemoEquipment[] {
  let number = 10_001_000;
  return families.flatMap((family) =>
    family.items.map(([tagNumber, description], i) => ({
      equipmentNo: String(++number),
      tagNumber,
      description,
      categoryCode: family.categoryCode,
      objectTypeCode: family.objectTypeCode,
      locationCode: family.locationCode,
      plannerGroupCode: family.plannerGroupCode,
      manufacturer: family.manufacturers.length > 0 ? pick(family.manufacturers, i) : null,
      yearInstalled: 1994 + ((i * 7) % 30),
    })),
  );
}

/** Points readings are taken at: bearings of the running pumps, thickness locations of process lines. */
export function demoInspectionPoints(equipment: { id: string; tagNumber: string; objectTypeCode: string }[]) {
  const bearings = ['DE-H', 'DE-V', 'DE-A', 'NDE-H', 'NDE-V'];
  return equipment.flatMap((e) => {
    if (e.objectTypeCode === 'RE-PUMP' && e.tagNumber.endsWith('A'))
      return bearings.map((pointCode) => ({
        equipmentId: e.id,
        pointCode,
        description: `${pointCode.startsWith('DE') ? 'Drive-end' : 'Non-drive-end'} bearing, ${
          { H: 'horizontal', V: 'vertical', A: 'axial' }[pointCode.slice(-1)]
        }`,
      }));
    if (e.objectTypeCode === 'PIPE-PROC' && /-P-10[0-2]\d-/.test(e.tagNumber))
      return range(1, 4).map((n) => ({
        equipmentId: e.id,
        pointCode: `TML-0${n}`,
        description: `Thickness measurement location ${n}`,
      }));
    return [];
  });
}
