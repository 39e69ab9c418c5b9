import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { PageEnrichment } from './enrichment.ts';

/**
 * What a `withAuthor` list adds to each row: the full name of the user who added the record, by its
 * `createdBy` (every entity table has it), read for the page's rows in the page's one enrichment
 * statement (`readAdditions`). A user's name is not company data: whoever may list the record may
 * read who added it. Null when that user no longer exists (or the record predates authorship).
 */
export const listedAuthors: PageEnrichment = ({ row }) => ({
  createdByName: sql`(select ${users.fullName} from ${users} where ${users.id} = ${row.createdBy})`,
});
