/** The shell, sign-in and the catalogue of client messages. */
export const nav = {
  main: 'Main navigation',
  home: 'Inspectra home',
  dashboard: 'Dashboard',
  workOrders: 'Work orders',
  workOrder: 'Work order',
  reports: 'Reports',
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
  noInspectionAccess: 'Your role does not give access to any inspection type of this report.',
};
