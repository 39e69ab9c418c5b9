import {
  coreModuleLabels,
  inspectionMethodCatalogue,
  passwordPolicyMessage,
  passwordWeaknessMessages,
} from '@inspectra/contract';
import type { InspectionMethodCode } from '@inspectra/contract';

/** The administration screens: users, roles and the permission matrix. */
export const users = {
  title: 'Users',
  subtitle: 'Who signs in, with which role, for which company.',
  nav: 'Users',
  create: 'New user',
  edit: 'Edit user',
  created: 'User {{name}} created',
  saved: 'User saved',
  search: 'Search name, username, e-mail or employee number',
  empty: 'No users match.',
  total: 'Users',
  active: 'Active',
  inactive: 'Inactive',
  byRole: 'By role',
  byCompany: 'By company',
  ownerStaff: "Plant owner's staff",
  allRoles: 'All roles',
  allCompanies: 'All companies',
  allStatuses: 'Any status',
  username: 'Username',
  fullName: 'Full name',
  email: 'E-mail',
  employeeNumber: 'Employee number',
  phoneNumber: 'Phone number',
  password: 'Password',
  role: 'Role',
  company: 'Company',
  approvalPosition: 'Approval position',
  approvalLevel: 'Approval level',
  plannerGroups: 'Planner groups',
  status: 'Status',
  actions: 'Actions',
  save: 'Save',
  cancel: 'Cancel',
  changePassword: 'Change password',
  passwordTitle: 'New password for {{name}}',
  newPassword: 'New password',
  passwordChanged: "Password changed; {{name}}'s sessions have ended",
  passwordPolicy: `${passwordPolicyMessage}.`,
  /** Why the server refused a password, in the contract's words (keyed by its reason). */
  passwordWeakness: passwordWeaknessMessages,
  deactivate: 'Deactivate',
  activate: 'Activate',
  deactivateTitle: 'Deactivate {{name}}?',
  deactivateText: '{{name}} is signed out everywhere at once and cannot sign in until activated again.',
  activateTitle: 'Activate {{name}}?',
  activateText: '{{name}} can sign in again with their password.',
  statusChanged: 'Status of {{name}} changed',
  delete: 'Delete',
  deleteTitle: 'Delete {{name}}?',
  deleteText: 'A user who has authored records is deactivated instead, so the records keep their author.',
  yes: 'Confirm',
  self: 'You',
  companiesUnavailable: 'Companies could not be loaded; the user stays without a company.',
};

export const roles = {
  title: 'Roles and permissions',
  subtitle: 'What each role may view, create, update, delete and approve, module by module.',
  nav: 'Roles',
  create: 'New role',
  name: 'Name',
  description: 'Description',
  users_one: '{{count}} user',
  users_other: '{{count}} users',
  administratorNote:
    'The administrator role always holds every permission, so that nobody is locked out of administration.',
  save: 'Save permissions',
  saved: 'Permissions of {{name}} saved',
  created: 'Role {{name}} created',
  module: 'Module',
  groups: { work: 'Work', administration: 'Administration', techniques: 'Techniques' },
  actions: { view: 'View', create: 'Create', update: 'Update', delete: 'Delete', approve: 'Approve' },
  cancel: 'Cancel',
  choose: 'Choose a role to see its permissions.',
  grant: '{{action}}: {{module}}',
  /** The work and administration modules, in the contract's words; techniques bring their own. */
  modules: coreModuleLabels,
  /** The inspection methods of the product by code, in the contract's words (those not built yet read these). */
  methods: Object.fromEntries(inspectionMethodCatalogue.map((m) => [m.code, m.name])) as Record<
    InspectionMethodCode,
    string
  >,
  planned: 'Not yet available',
  plannedNote:
    'Methods marked “Not yet available” have no screens yet. What you grant for them applies as soon as they arrive.',
  unsaved: 'Changes not saved yet',
  discardTitle: 'Discard unsaved changes to {{name}}?',
  discardText:
    'The permissions you ticked for {{name}} are not saved. If you open another role now, they are lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard changes',
};

/** The administration area: its navigation group and the contractor companies. */
export const administration = {
  title: 'Administration',
  companies: {
    title: 'Contractor companies',
    subtitle:
      'Companies whose staff inspect or review under contract. Their users see only the work their company is assigned, and their logo shows on the reports they author.',
    add: 'Add company',
    empty: 'No contractor companies yet.',
  },
  reportAuthor: 'Prepared by {{name}}',
  plantOwner: {
    nav: 'Plant owner',
    title: 'Plant owner',
    subtitle:
      'The organisation that owns the plant: its name, address and logo head the cover of every report’s PDF.',
    notSet: 'Not set yet',
    notSetText: 'Until the plant owner is set, report covers name only the contractor.',
    saved: 'Plant owner saved',
  },
};
