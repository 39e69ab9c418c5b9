import { Avatar, Group, Text } from '@mantine/core';
import type { CompanyBadge as Company } from '@inspectra/contract';
import { IconBuilding } from '@tabler/icons-react';
import { useStoredFileUrl } from '../../engine/useStoredFileUrl.ts';

/**
 * A contractor company as the shell and a report show it: its logo (read through the authorised
 * file download) and its name. Without a logo, a building stands in for it.
 */
export function CompanyBadge({ company, size = 'sm' }: { company: Company; size?: 'xs' | 'sm' | 'md' }) {
  // Offline a logo is not on the device: the building stands in for it.
  const logo = useStoredFileUrl(company.logoFileId ? `/api/files/${company.logoFileId}` : null).src;
  return (
    <Group gap={8} wrap="nowrap" data-testid="company-badge">
      <Avatar src={logo} alt="" radius="sm" size={size === 'md' ? 40 : 28} variant="light">
        <IconBuilding size={16} aria-hidden />
      </Avatar>
      <Text size={size} fw={500} lineClamp={1}>
        {company.contractorName}
      </Text>
    </Group>
  );
}
