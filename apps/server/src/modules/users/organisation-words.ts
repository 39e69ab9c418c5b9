import { contractorCompany, plantOwner } from '@inspectra/contract';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';

/**
 * The words anyone who knows the plant would try in a password (docs/authentication.md): the names
 * of the companies using Inspectra (the plant owner's and every contractor company's), and the
 * places it stands in (the plant's city and region, and the country's provinces and industrial
 * cities). The password policy refuses a password whose strength rests on them.
 */
export type OrganisationWords = { companies: string[]; places: string[] };

const companies = tableOf(contractorCompany);
const owners = tableOf(plantOwner);

/** Legal forms and fillers of company names: too common to count as the company's own words. */
const legalForms = new Set([
  'pt',
  'cv',
  'tbk',
  'persero',
  'perseroan',
  'ltd',
  'limited',
  'inc',
  'corp',
  'company',
  'group',
  'the',
  'and',
  'dan',
]);

/**
 * Indonesian provinces, islands and the cities where refineries, plants and their contractors
 * stand: a password on a plant's network names them first. Lower case, without spaces.
 */
export const indonesianPlaces = [
  'indonesia',
  'nusantara',
  'jakarta',
  'surabaya',
  'bandung',
  'medan',
  'semarang',
  'makassar',
  'palembang',
  'balikpapan',
  'samarinda',
  'bontang',
  'batam',
  'cilegon',
  'cilacap',
  'dumai',
  'tangerang',
  'bekasi',
  'bogor',
  'depok',
  'karawang',
  'gresik',
  'tuban',
  'balongan',
  'indramayu',
  'plaju',
  'pekanbaru',
  'padang',
  'lampung',
  'jambi',
  'pontianak',
  'banjarmasin',
  'manado',
  'sorong',
  'jayapura',
  'denpasar',
  'yogyakarta',
  'jogja',
  'solo',
  'malang',
  'serang',
  'banten',
  'jawa',
  'java',
  'sumatra',
  'sumatera',
  'kalimantan',
  'borneo',
  'sulawesi',
  'papua',
  'maluku',
  'riau',
  'aceh',
  'bali',
  'lombok',
  'bengkulu',
  'gorontalo',
];

/** A name's words that identify it: the whole, without spaces, and each word of 4 letters or more. */
function wordsOf(name: string): string[] {
  const lower = name.toLowerCase().trim();
  const parts = lower.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4 && !legalForms.has(w));
  const whole = lower.replace(/[^\p{L}\p{N}]+/gu, '');
  return whole.length >= 4 ? [whole, ...parts] : parts;
}

/** The plant owner's name, city and region (administration → plant owner), when recorded. */
async function plantOwnerWords(db: DbOrTx): Promise<OrganisationWords> {
  const rows = await db
    .select({ name: owners.ownerName, city: owners.city, region: owners.region })
    .from(owners)
    .limit(1);
  const owner = rows[0];
  if (!owner) return { companies: [], places: [] };
  return {
    companies: wordsOf(String(owner.name ?? '')),
    places: [owner.city, owner.region].filter((p): p is string => typeof p === 'string' && p !== ''),
  };
}

/** Every company's and place's words, read now (a company added today counts today). */
export async function organisationWords(db: DbOrTx): Promise<OrganisationWords> {
  const rows = await db.select({ name: companies.contractorName }).from(companies);
  const owner = await plantOwnerWords(db);
  const unique = (words: string[]) => [...new Set(words)].sort((a, b) => b.length - a.length);
  return {
    companies: unique([...owner.companies, ...rows.flatMap((r) => wordsOf(String(r.name ?? '')))]),
    places: unique([...owner.places.flatMap(wordsOf), ...indonesianPlaces]),
  };
}
