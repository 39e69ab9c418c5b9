import { asc, desc } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { listOrder } from '../entity-table.ts';
import type { ListQuery } from './read-shapes.ts';
import type { RecordTable } from './record-table.ts';

/**
 * The keys a list is read in: the list order (entity-table.ts `listOrder`), which an index of every
 * declared list follows, or the caller's field, then the same ties as the declared order, so pages
 * stay stable.
 */
export function orderKeys(repo: RecordTable, sort?: ListQuery['sort']) {
  return sort
    ? [
        { key: sort.field, direction: sort.direction },
        ...listOrder(repo.entity).filter(
          (k) => k.key !== sort.field && (k.key === 'id' || k.key === 'createdAt'),
        ),
      ]
    : listOrder(repo.entity);
}

/**
 * The list's ORDER BY terms (`orderKeys`), each field as the table sorts it (`sortedAs`); or a
 * declared list's own terms (`own`, list-query.ts `order`: the id already among them where it
 * breaks ties).
 */
export function orderBy(repo: RecordTable, sort?: ListQuery['sort'], own?: readonly SQL[]) {
  if (own) return [...own];
  return orderKeys(repo, sort).map(({ key, direction }) =>
    direction === 'asc' ? asc(repo.sortedAs(key)) : desc(repo.sortedAs(key)),
  );
}
