import { contractorCompany, reportAuthorSchema, reportHeader, reportIdParams } from '@inspectra/contract';
import type { CompanyBadge, ReportAuthor } from '@inspectra/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, tableOf, users } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { DeleteCheck } from '../../engine/engine-deps.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { callerScope } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const companies = tableOf(contractorCompany);

/** How many of a company's users a refused delete names before "and N more". */
const namedUsers = 10;

/**
 * A company that still has users is not deleted (409, naming them): its users would lose the scope
 * their work is seen through. The foreign key (ON DELETE RESTRICT) guards the same thing under a
 * race; this says it in words an administrator can act on.
 */
export const refuseCompanyWithUsers: DeleteCheck = async ({ tx, before }) => {
  const [counted] = await tx
    .select({ n: count() })
    .from(users)
    .where(eq(users.contractorCompanyId, before.id));
  const total = counted?.n ?? 0;
  if (total === 0) return;
  const named = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.contractorCompanyId, before.id))
    .orderBy(asc(users.username))
    .limit(namedUsers);
  const names = named.map((u) => u.username).join(', ');
  const more = total > named.length ? ` and ${total - named.length} more` : '';
  throw new AppError(
    'CONFLICT',
    `${String(before.contractorName)} still has users: ${names}${more}. Move them to another company or remove them first.`,
    [fieldRefusal('id', 'companyHasUsers', { count: total, names: `${names}${more}` })],
  );
};

export const contractorCompanyDeleteChecks = { [contractorCompany.name]: refuseCompanyWithUsers };

/** A company's name and logo as the shell and reports show them; undefined when there is none. */
export async function companyBadge(db: DbOrTx, companyId: string | null): Promise<CompanyBadge | null> {
  if (!companyId) return null;
  const [row] = await db
    .select({ id: companies.id, contractorName: companies.contractorName, logoFileId: attachments.id })
    .from(companies)
    .leftJoin(
      attachments,
      and(
        eq(attachments.ownerEntity, contractorCompany.name),
        eq(attachments.ownerId, companies.id),
        eq(attachments.slot, 'companyLogo'),
      ),
    )
    .where(eq(companies.id, companyId))
    .limit(1);
  return row
    ? { id: row.id, contractorName: row.contractorName as string, logoFileId: row.logoFileId }
    : null;
}

export const contractorCompanyActions: Record<string, ActionHandler> = {
  /** The author of a report the caller may see (its company scope applies), with their company. */
  'reportHeader.author': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    const report = await deps.repositories
      .get(reportHeader.name)!
      .get(deps.db, params.id, callerScope(user!));
    const [author] = await deps.db
      .select({ id: users.id, fullName: users.fullName, companyId: users.contractorCompanyId })
      .from(users)
      .where(eq(users.id, report.createdBy as string))
      .limit(1);
    if (!author) throw new AppError('NOT_FOUND', 'The author of this report is no longer a user');
    const data: ReportAuthor = {
      id: author.id,
      fullName: author.fullName,
      company: await companyBadge(deps.db, author.companyId),
    };
    return { data: reportAuthorSchema.parse(data) };
  }),
};

/** A contractor company's users see their own company; the owner's staff see every one. */
export const contractorCompanyScopes: RecordScopes = {
  contractorCompany: (companyId, callerCompany) => sql`${companyId} = ${callerCompany}`,
};
