import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TechniqueDefinition } from '@inspectra/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/links.tsx';
import { techniqueLabel, variantLabel } from '../../engine/entity-labels.ts';

/** When the report's equipment category names no equipment class of the technique, the user picks one. */
export function VariantChooser(p: {
  technique: TechniqueDefinition;
  reportId: string;
  category: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {t('workspace.chooseVariant')}
        </Title>
        <Text c="dimmed" maw={560}>
          {p.category
            ? t('workspace.chooseVariantHelp', {
                category: p.category,
                technique: techniqueLabel(t, p.technique),
              })
            : t('workspace.chooseVariantNoType', { technique: techniqueLabel(t, p.technique) })}
        </Text>
        <Group gap="sm">
          {p.technique.variants.map((variant) => (
            <ButtonLink
              key={variant}
              to="/reports/$reportId/$slug"
              params={{ reportId: p.reportId, slug: p.technique.slug }}
              search={{ variant }}
              size="md"
              variant="light"
              color={p.technique.color}
              rightSection={<IconChevronRight size={18} aria-hidden />}
            >
              {variantLabel(t, p.technique.workspace?.inspection, variant)}
            </ButtonLink>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
