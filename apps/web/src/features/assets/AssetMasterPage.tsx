import { Button, Modal, Tabs } from '@mantine/core';
import {
  equipment,
  equipmentCategory,
  functionalLocation,
  inspectionPoint,
  objectType,
  plannerGroup,
} from '@inspectra/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconHeartbeat } from '@tabler/icons-react';
import { ButtonLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { recordName } from '../../engine/entity-labels.ts';
import { usePermission } from '../auth/useProfile.ts';
import { MasterListPanel } from './MasterListPanel.tsx';

type Row = Record<string, unknown>;

/** The lists of the asset master, one tab each; equipment first, being what is inspected. */
const tabs = ['equipment', 'categories', 'objectTypes', 'plannerGroups', 'locations'] as const;
type Tab = (typeof tabs)[number];

const codeColumns = [
  { key: 'code', priority: 1 },
  { key: 'name', priority: 1, width: 240 },
];

/**
 * The asset master for administrators: equipment (with its inspection points), categories, object
 * types, planner groups and locations, each searched, filtered, added, edited and deleted through
 * the engine's table and form. A category or object type still named elsewhere cannot be deleted;
 * the server says which records still name it.
 */
export function AssetMasterPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('equipment');
  const [pointsOf, setPointsOf] = useState<Row | null>(null);
  const mayViewThickness = usePermission('thickness', 'view');

  return (
    <>
      <PageHeader title={t('assets.title')} subtitle={t('assets.subtitle')} />
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`assets.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="equipment">
          <MasterListPanel
            entity={equipment}
            listKey="GET /asset"
            columns={[
              { key: 'tagNumber', priority: 1 },
              { key: 'description', priority: 1, width: 220 },
              { key: 'equipmentNo', priority: 2 },
              { key: 'categoryCode', priority: 2 },
              { key: 'objectTypeCode', priority: 3 },
              { key: 'locationCode', priority: 3 },
              { key: 'plannerGroupCode', priority: 4 },
            ]}
            extraActions={(record) => (
              <>
                <ButtonLink
                  variant="default"
                  to="/equipment/$equipmentNo"
                  params={{ equipmentNo: String(record.equipmentNo) }}
                  leftSection={<IconHeartbeat size={18} aria-hidden />}
                  aria-label={t('equipmentHealth.openOf', { name: recordName(equipment, record) })}
                >
                  {t('equipmentHealth.open')}
                </ButtonLink>
                <Button variant="default" onClick={() => setPointsOf(record)}>
                  {t('assets.inspectionPoints')}
                </Button>
                {mayViewThickness && (
                  <ButtonLink
                    variant="default"
                    to="/thickness"
                    search={{ equipmentNo: String(record.equipmentNo) }}
                  >
                    {t('thickness.openThickness', { number: String(record.equipmentNo) })}
                  </ButtonLink>
                )}
              </>
            )}
            addLabel={t('assets.add.equipment')}
            emptyText={t('assets.empty')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <MasterListPanel
            entity={equipmentCategory}
            columns={[...codeColumns, { key: 'description', priority: 3, width: 240 }]}
            addLabel={t('assets.add.categories')}
            emptyText={t('assets.empty')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="objectTypes">
          <MasterListPanel
            entity={objectType}
            columns={[...codeColumns, { key: 'categoryCode', priority: 2 }]}
            addLabel={t('assets.add.objectTypes')}
            emptyText={t('assets.empty')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="plannerGroups">
          <MasterListPanel
            entity={plannerGroup}
            columns={[...codeColumns, { key: 'plant', priority: 3 }]}
            addLabel={t('assets.add.plannerGroups')}
            emptyText={t('assets.empty')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="locations">
          <MasterListPanel
            entity={functionalLocation}
            columns={[...codeColumns, { key: 'plant', priority: 3 }]}
            addLabel={t('assets.add.locations')}
            emptyText={t('assets.empty')}
          />
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={pointsOf !== null}
        onClose={() => setPointsOf(null)}
        title={pointsOf ? t('assets.pointsOf', { name: recordName(equipment, pointsOf) }) : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {pointsOf && (
          <MasterListPanel
            entity={inspectionPoint}
            fixed={{ equipmentId: String(pointsOf.id) }}
            columns={[
              { key: 'pointCode', priority: 1 },
              { key: 'description', priority: 2, width: 240 },
            ]}
            addLabel={t('assets.add.inspectionPoint')}
            emptyText={t('assets.noPoints')}
          />
        )}
      </Modal>
    </>
  );
}
