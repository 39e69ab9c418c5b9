/** The asset master and inspection methods screens. */
export const assets = {
  title: 'Asset master',
  subtitle:
    'The equipment that is inspected, and the lists that place it: categories, object types, planner groups and locations.',
  tabs: {
    equipment: 'Equipment',
    categories: 'Categories',
    objectTypes: 'Object types',
    plannerGroups: 'Planner groups',
    locations: 'Locations',
  },
  add: {
    equipment: 'Add equipment',
    categories: 'Add category',
    objectTypes: 'Add object type',
    plannerGroups: 'Add planner group',
    locations: 'Add location',
    inspectionPoint: 'Add inspection point',
  },
  inspectionPoints: 'Inspection points',
  pointsOf: 'Inspection points of {{name}}',
  noPoints: 'No inspection points yet.',
  empty: 'Nothing here yet.',
  saved: 'Saved',
  deleted: 'Deleted',
  deleteTitle: 'Delete {{name}}?',
  deleteText: 'This cannot be undone. Records that still name it must be changed first.',
};

export const inspectionMethods = {
  title: 'Inspection methods',
  subtitle:
    'The techniques inspections are made by, the equipment categories each applies to, and the work open per method.',
  summary: 'Open work per method',
  openAssignments_one: '{{formatted}} open assignment',
  openAssignments_other: '{{formatted}} open assignments',
  add: 'Add method',
  empty: 'No inspection methods.',
};
