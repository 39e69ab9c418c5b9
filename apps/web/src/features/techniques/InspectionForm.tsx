import { Paper, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PermissionModule } from '@inspectra/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wasQueued } from '../../api/calls.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { entityLabel } from './entity-words.ts';
import { shownFields } from './row-columns.ts';
import { callTechnique } from './technique-client.ts';
import { inspectionOf, loadInspection, techniqueKey } from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { findWrite, writeArguments } from './technique-routes.ts';
import { useWorkspaceWords } from './useWorkspaceWords.ts';

/**
 * The inspection's own record: its conclusions (finding, analysis, recommendation…) and its drawings
 * (isometric, drawing), editable by those who may update, shown as text to the others.
 */
export function InspectionForm({
  scope,
  inspection,
}: {
  scope: WorkspaceScope;
  inspection: TechniqueRecord;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { technique } = scope;
  const say = useWorkspaceWords(technique);
  const entity = inspectionOf(technique);
  const update = findWrite(technique, 'update', entity, scope.variant);
  const mayUpdate = usePermission(technique.module as PermissionModule, 'update') && Boolean(update);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = shownFields(entity, scope.variant);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm">
        {say('details')}
      </Title>
      {mayUpdate ? (
        <EntityForm
          entity={entity}
          variant={scope.variant}
          fields={fields}
          record={inspection}
          submitLabel={say('saveDetails')}
          uploadProgress={progress}
          loadCurrent={(r) => loadInspection(scope, String(r.id))}
          onSubmit={async ({ values, images, imageLists }) => {
            try {
              return await callTechnique(technique, update!, {
                ...writeArguments(update!, {
                  id: inspection.id,
                  parent: { key: entity.parent!, id: scope.reportId },
                  values,
                  images,
                  imageLists,
                  previous: inspection,
                }),
                onUploadProgress: setProgress,
                queueOffline: entityLabel(t, entity),
              });
            } finally {
              setProgress(null);
            }
          }}
          onSaved={async (result) => {
            if (!wasQueued(result)) notifications.show({ color: 'teal', message: say('detailsSaved') });
            await queryClient.invalidateQueries({ queryKey: techniqueKey(technique, scope.reportId) });
          }}
        />
      ) : (
        <RecordDetails entity={entity} record={inspection} fields={fields} />
      )}
    </Paper>
  );
}
