import { contractorCompany } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { MasterListPanel } from '../assets/MasterListPanel.tsx';
import { CompanyBadge } from './CompanyBadge.tsx';

/** The list's company cell: its logo beside its name, as its users see it in the shell. */
const companyCell = (record: Record<string, unknown>) => (
  <CompanyBadge
    company={{
      id: String(record.id),
      contractorName: String(record.contractorName ?? ''),
      logoFileId: (record.companyLogo as { id: string } | null)?.id ?? null,
    }}
  />
);

/**
 * Contractor companies for administrators: the engine's table and form over the declared entity,
 * with the logo as its image slot. A company that still has users is not deleted; the server names
 * them (docs/contractor-companies.md).
 */
export function ContractorCompaniesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('administration.companies.title')}
        subtitle={t('administration.companies.subtitle')}
      />
      <MasterListPanel
        entity={contractorCompany}
        columns={[
          { key: 'contractorName', priority: 1, width: 240 },
          { key: 'contactPerson', priority: 2 },
          { key: 'contactEmail', priority: 3, width: 220 },
          { key: 'phoneNumber', priority: 3 },
          { key: 'isActive', priority: 2 },
        ]}
        renderCell={{ contractorName: companyCell }}
        addLabel={t('administration.companies.add')}
        emptyText={t('administration.companies.empty')}
      />
    </>
  );
}
