/** The work-order screens: the list, its import, the form and a work order's page. */
export const workOrders = {
  subtitle: 'Jobs (SPK) under which reports are made.',
  empty: 'No work orders match.',
  new: 'New work order',
  create: 'Create work order',
  created: 'Work order created',
  updated: 'Work order saved',
  editTitle: 'Edit {{number}}',
  importTitle: 'Import work orders from the template',
};
