import { Paper, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PermissionModule } from '@inspectra/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { shownFields } from './row-columns.ts';
import { callTechnique } from './technique-client.ts';
import { inspectionOf, loadInspection, techniqueKey } from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { writeArguments, writeRoute } from './technique-routes.ts';
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
  const queryClient = useQueryClient();
  const { technique } = scope;
  const say = useWorkspaceWords(technique);
  const entity = inspectionOf(technique);
  // Its update call, or its keyed write (a lube-oil analysis written by its report).
  const update = writeRoute(technique, 'update', entity, scope.variant);
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
              const { values: sent, ...ids } = writeArguments(update!, entity, values, inspection);
              await callTechnique(technique, update!, {
                ...ids,
                body: { values: sent, images, imageLists, previous: inspection },
                onUploadProgress: setProgress,
              });
            } finally {
              setProgress(null);
            }
          }}
          onSaved={async () => {
            notifications.show({ color: 'teal', message: say('detailsSaved') });
            await queryClient.invalidateQueries({ queryKey: techniqueKey(technique, scope.reportId) });
          }}
        />
      ) : (
        <RecordDetails entity={entity} record={inspection} fields={fields} />
      )}
    </Paper>
  );
}
