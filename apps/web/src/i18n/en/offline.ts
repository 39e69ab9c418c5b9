/** The installable app and the offline copy: the shell's indicator and the new-version notice. */
export const offline = {
  online: 'Online',
  offline: 'Offline',
  onDevice_one: '({{count}} task on this device)',
  onDevice_other: '({{count}} tasks on this device)',
  title: 'On this device',
  onlineText: 'Connected. A task kept here is as it was when taken; refresh it to read it again.',
  offlineText:
    'No network. The tasks kept here open from this device; changes cannot be saved until the connection is back.',
  none: 'No task is kept on this device. On a task, choose “Make available offline”.',
  takenAgo: 'Taken {{when}}',
  refresh: 'Refresh',
  refreshName: 'Refresh {{name}} on this device',
  remove: 'Remove',
  removeName: 'Remove {{name}} from this device',
  taken: '{{name}} is on this device: it opens without a network.',
  removed: '{{name}} is removed from this device.',
  failed: 'Could not keep {{name}} on this device: {{reason}}',
  signOutRemoves_one: 'Removes the task kept on this device',
  signOutRemoves_other: 'Removes the {{count}} tasks kept on this device',
  updateReady: 'A new version of Inspectra is ready.',
  updateReload: 'Reload',
};
