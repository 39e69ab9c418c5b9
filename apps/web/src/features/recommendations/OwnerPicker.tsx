import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { cappedOf } from '../../api/capped.ts';
import { userLabel } from '../task-assignments/assignment-queries.ts';

/**
 * The finding's owner chosen from the active users (`GET /recommendations/owners`), searched by
 * name as one types; the current owner stays shown while the list loads.
 */
export function OwnerPicker(p: {
  ownerId: string | null;
  ownerName: string | null;
  onChange: (ownerId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const owners = useQuery({
    queryKey: ['recommendations', 'owners', typed],
    queryFn: async () =>
      cappedOf(await callApi('GET /recommendations/owners', { query: typed ? { search: typed } : {} })),
    staleTime: 60_000,
  });
  const offered = (owners.data?.rows ?? []).map((u) => ({ value: u.id, label: userLabel(u) }));
  const data =
    p.ownerId && !offered.some((o) => o.value === p.ownerId)
      ? [{ value: p.ownerId, label: p.ownerName ?? p.ownerId }, ...offered]
      : offered;
  return (
    <Select
      aria-label={t('recommendations.owner')}
      placeholder={t('recommendations.noOwner')}
      data={data}
      value={p.ownerId}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('recommendations.noOwnerFound')}
      onChange={(id) => id && id !== p.ownerId && p.onChange(id)}
      disabled={p.disabled}
    />
  );
}
