/**
 * Where a task stands, read from its reports (docs/my-tasks.md): none yet → to do; any
 * returned → returned; any draft → in progress; any submitted or in review → waiting for approval;
 * all approved → done. A file of its own, importing nothing: the web's address parsing reads it on
 * the sign-in page's first download, which does not carry the entity declarations
 * (docs/web-performance.md).
 */
export const taskStates = ['todo', 'inProgress', 'waitingApproval', 'returned', 'done'] as const;
export type TaskState = (typeof taskStates)[number];
