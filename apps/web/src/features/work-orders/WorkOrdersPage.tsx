import { Button, Collapse, Paper, Stack, Title } from '@mantine/core';
import { workOrderSpk } from '@inspectra/contract';
import { IconFileSpreadsheet, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { pagedList } from '../../engine/paged.ts';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { SheetImport } from '../../engine/SheetImport.tsx';
import { usePermission } from '../auth/useProfile.ts';

/**
 * The planner's list of work orders: its tabs (open, in progress, completed, emergency) and every
 * filter of the list call come from the contract; new work orders one at a time or from the template.
 */
export function WorkOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayCreate = usePermission('workOrder', 'create');
  const mayAssign = usePermission('taskAssignment', 'create');
  const [importOpen, setImportOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('nav.workOrders')}
        subtitle={t('workOrders.subtitle')}
        actions={
          (mayCreate || mayAssign) && (
            <>
              {mayAssign && (
                <ButtonLink
                  to="/work-orders/assignments/import"
                  variant="default"
                  leftSection={<IconUsersGroup size={16} aria-hidden />}
                >
                  {t('taskAssignmentImport.title')}
                </ButtonLink>
              )}
              {mayCreate && (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                    onClick={() => setImportOpen((open) => !open)}
                    aria-expanded={importOpen}
                  >
                    {t('engine.sheetImport.open')}
                  </Button>
                  <ButtonLink to="/work-orders/new" leftSection={<IconPlus size={16} aria-hidden />}>
                    {t('workOrders.new')}
                  </ButtonLink>
                </>
              )}
            </>
          )
        }
      />
      <Stack gap="lg">
        {mayCreate && (
          <Collapse expanded={importOpen}>
            <Paper withBorder radius="md" p="md">
              <Title order={2} fz="lg" mb="xs">
                {t('workOrders.importTitle')}
              </Title>
              <SheetImport
                entity={workOrderSpk}
                onImported={() => void queryClient.invalidateQueries({ queryKey: ['work-orders'] })}
              />
            </Paper>
          </Collapse>
        )}
        <Paper withBorder radius="md" p="md">
          <EntityTable
            entity={workOrderSpk}
            // The number and title at every width; status, dates and the emergency mark before the rest.
            columns={[
              { key: 'woNumber', priority: 1 },
              { key: 'title', priority: 1, width: 220 },
              { key: 'status', priority: 2 },
              { key: 'priority', priority: 3 },
              { key: 'workType', priority: 3 },
              { key: 'equipmentCategory', priority: 4 },
              { key: 'tagNumber', priority: 3 },
              { key: 'contractNo', priority: 4 },
              { key: 'dateStart', priority: 2 },
              { key: 'dateEnd', priority: 2 },
              { key: 'isEmergency', priority: 2 },
            ]}
            queryKey={['work-orders']}
            fetchPage={pagedList('GET /work-order-spks')}
            searchable
            onRowClick={(r) =>
              void navigate({ to: '/work-orders/$workOrderId', params: { workOrderId: String(r.id) } })
            }
            emptyText={t('workOrders.empty')}
          />
        </Paper>
      </Stack>
    </>
  );
}
