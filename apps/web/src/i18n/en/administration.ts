/** Administration screens: contractor companies (users and roles join this area). */
export const administration = {
  companies: {
    title: 'Contractor companies',
    subtitle:
      'Companies whose staff inspect or review under contract. Their users see only the work their company is assigned, and their logo shows on the reports they author.',
    add: 'Add company',
    empty: 'No contractor companies yet.',
  },
  reportAuthor: 'Prepared by {{name}}',
};
