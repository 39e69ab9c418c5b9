import { Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from './links.tsx';

export type Crumb = { label: string; to?: string; params?: Record<string, string> };

/** Title, where the page sits in the work (breadcrumbs) and the page's main actions. */
export function PageHeader(p: {
  title: ReactNode;
  subtitle?: ReactNode;
  crumbs?: Crumb[];
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} mb="lg">
      {p.crumbs && p.crumbs.length > 0 && (
        <Breadcrumbs separatorMargin={6} aria-label={t('nav.breadcrumbs')}>
          {p.crumbs.map((c, i) =>
            c.to ? (
              // Crumbs are built from route paths by the screens; their params match those paths.
              <AnchorLink
                key={i}
                to={c.to as '/'}
                params={c.params as never}
                size="sm"
                className="touch-target"
              >
                {c.label}
              </AnchorLink>
            ) : (
              <Text key={i} size="sm" c="dimmed" aria-current="page">
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {p.title}
          </Title>
          {p.subtitle && <Text c="dimmed">{p.subtitle}</Text>}
        </div>
        {p.actions && <Group gap="sm">{p.actions}</Group>}
      </Group>
    </Stack>
  );
}
