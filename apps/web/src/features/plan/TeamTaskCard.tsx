import type { TeamTask } from '@inspectra/contract';
import { IconCalendar, IconTag, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlannedText } from '../my-tasks/TaskCard.tsx';
import { TaskCardFrame, TaskFact } from '../my-tasks/TaskCardFrame.tsx';

/** The inspectors a team task names, as one line. */
export const inspectorNames = (task: Pick<TeamTask, 'inspectors'>) =>
  task.inspectors.map((p) => p.fullName).join(', ');

/**
 * A task of the team as a card opening its work order (where the planner changes who does it):
 * who, what and when, its state and whether it is late.
 */
export function TeamTaskCard({ task }: { task: TeamTask }) {
  const { t } = useTranslation();
  const planned = usePlannedText();
  return (
    <TaskCardFrame
      task={task}
      link={{ to: '/work-orders/$workOrderId', params: { workOrderId: task.workOrderSPKId } }}
      facts={
        <>
          <TaskFact icon={IconUsers} label={t('teamPlan.inspectors')}>
            {task.inspectors.length > 0 ? inspectorNames(task) : t('teamPlan.nobodyNamed')}
          </TaskFact>
          <TaskFact icon={IconCalendar} label={t('myTasks.planned')}>
            {planned(task)}
          </TaskFact>
          {task.tagNumber && <TaskFact icon={IconTag}>{task.tagNumber}</TaskFact>}
        </>
      }
    />
  );
}
