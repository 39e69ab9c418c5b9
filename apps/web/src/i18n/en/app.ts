/** The shell, sign-in and the catalogue of client messages. */
export const nav = {
  main: 'Main navigation',
  home: 'Inspectra home',
  dashboard: 'Dashboard',
  workOrders: 'Work orders',
  workOrder: 'Work order',
  reports: 'Reports',
  administration: 'Administration',
  companies: 'Contractor companies',
  breadcrumbs: 'Breadcrumbs',
  openMenu: 'Open navigation',
  closeMenu: 'Close navigation',
  language: 'Language',
  languageButton: '{{code}}, language: {{language}}',
  darkTheme: 'Dark theme',
  lightTheme: 'Light theme',
  account: 'Account of {{name}}',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out of all devices',
  signOutEverywhereTitle: 'Sign out of all devices?',
  signOutEverywhereText:
    'Every session of your account ends: on this device and on every tablet or computer where you are signed in. To continue, you sign in again.',
  signOutEverywhereConfirm: 'Sign out everywhere',
  signOutEverywhereCancel: 'Cancel',
  signOutEverywhereFailed:
    'Could not sign out of the other devices: they are still signed in. Check the connection and try again.',
};

export const auth = {
  title: 'Sign in',
  tagline: 'Inspection and condition-monitoring reports',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  sessionExpired: 'Your session has ended. Sign in again to continue where you were.',
  enterUsername: 'Enter your username',
  enterPassword: 'Enter your password',
  signInAgainTitle: 'Sign in again to save',
  signInAgainText:
    'Your session has ended. Sign in again to continue: your changes stay on this page and are saved once you are signed in.',
  signInAgainOtherUser: 'These changes belong to another user. Sign in as that user, or cancel.',
};

export const errors = {
  fieldsNeedAttention_one: 'Could not save: one field needs attention.',
  fieldsNeedAttention_other: 'Could not save: {{count}} fields need attention.',
  invalidLogin: 'Invalid username or password',
  refreshTokenNotFound: 'Refresh token not found',
  default: 'Sorry for an error, check your connection or try a few more moments.',
  loadFailed: 'This page could not be loaded',
  deleteFailed: 'Could not delete',
  notFoundTitle: 'Not found',
  notFoundText: 'This page does not exist or is no longer available.',
  recordNotFound:
    'What this address names does not exist, or no longer does: it may have been deleted, or the address is incomplete.',
  goHome: 'Go to the dashboard',
  forbiddenTitle: 'You do not have access to this page',
  forbiddenText:
    'This page needs the permission “{{permission}}”, which your role, {{role}}, does not hold. If your work needs it, ask an administrator to grant it.',
  forbiddenRefused:
    'Your role, {{role}}, does not hold the permission this page needs. If your work needs it, ask an administrator.',
  forbiddenHome: 'Go to my start page',
};

export const dashboard = {
  greeting: 'Good to see you, {{name}}',
  subtitle: 'Your work orders and the latest reports.',
  recentReports: 'Latest reports',
  noReports: 'No reports yet.',
};

export const reports = {
  subtitle: 'One report per piece of equipment inspected.',
  empty: 'No reports match.',
  inspections: 'Inspections',
  otherInspections: 'Other inspection types ({{count}})',
  noInspectionAccess: 'Your role does not give access to any inspection type of this report.',
  create: 'New report',
  edit: 'Edit report',
  created: 'Report {{number}} created',
  saved: 'Report saved',
  status: 'Status',
  actions: 'Status actions',
  move: {
    draft: 'Back to draft',
    submitted: 'Submit',
    inReview: 'Take into review',
    returned: 'Return',
    approved: 'Approve',
  },
  moveTitle: 'Move report {{number}} to “{{status}}”?',
  moveText: {
    draft: 'The report goes back to its inspector as a draft, to be changed and submitted again.',
    submitted:
      'Reviewers will see it as submitted: nobody can change it while it is in approval. You can take it back to draft until the first level approves it.',
    inReview: 'You take the report for review: the inspector can no longer take it back.',
    returned: 'The inspector corrects the report and submits it again. Say what to correct.',
    approved:
      'Once approved, the report and every inspection record under it are locked: nobody can change them. A correction is then a new revision.',
  },
  comment: 'Comment (optional)',
  reason: 'What should be corrected? (optional)',
  moved: 'Report {{number}} is now “{{status}}”',
  returnedComment: 'Why the report was returned',
  lockedTitle: 'This report is {{status}} and locked',
  lockedText:
    'The report and its inspection records can no longer change. To correct it, start a new revision: a draft copy of the report that can be changed.',
  frozenText:
    'The report is in approval: it and its inspection records, photos and documents stay exactly as submitted, so the reviewers approve what was handed in. To change it, it must be returned (or withdrawn while no level has approved it).',
  revise: 'New revision',
  reviseAsk: 'Someone whose role may create reports can start a new revision of it.',
  pdf: {
    download: 'Download PDF',
    failed: 'The PDF could not be made',
  },
  missing: {
    title: 'Before this report can be submitted',
    rows_one: '{{technique}}: record at least one {{label}}',
    rows_other: '{{technique}}: record at least {{count}} entries of {{label}}',
    documents_one:
      'Attach at least one supporting document: this inspection method has no inspection form of its own yet',
    documents_other:
      'Attach at least {{count}} supporting documents: this inspection method has no inspection form of its own yet',
  },
  reviseTitle: 'Start a new revision of report {{number}}?',
  reviseText:
    'A draft copy of the whole report (its inspection records, photos and documents) is made, numbered {{number}}-R…, to be corrected and approved again; this approved report and its version stay as they are.',
  revised: 'Revision {{number}} created',
  revisionOf: 'Revision {{revision}} of an earlier report',
  openOriginal: 'Open the revised report',
  assignedMethodHelp: 'A method assigned on this work order: the report starts with its number and title.',
};
