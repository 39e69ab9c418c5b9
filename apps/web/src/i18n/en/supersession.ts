/**
 * Revisions and supersession, too-large reports and the approver's signature
 * (docs/revisions-and-supersession.md): a report an approved revision replaced, a list too long to
 * approve, and the signature an approval carries.
 */
export const supersession = {
  status: 'Superseded',
  title: 'Superseded by {{number}}',
  titleUnread: 'Superseded by a later revision',
  text: 'This report is no longer current: its revision {{number}} was approved and replaces it. It stays exactly as it was approved, for the record; read the revision for what holds now.',
  textUnread:
    'This report is no longer current: a later revision was approved and replaces it. It stays exactly as it was approved, for the record.',
  open: 'Open {{number}}',
  openUnread: 'Open the revision that replaces it',
  includeSuperseded: 'Show superseded reports',
  tooManyRows:
    '{{technique}}: more than {{max}} entries of {{label}} in one list, the most a report can be approved and printed with: split them over several reports',
  signature: {
    requiredTitle: 'Your approval needs your signature',
    requiredText:
      'The approval record carries the approver’s signature, and you have not drawn one yet. Draw it below and save it, then approve.',
    askedTitle: 'Add your signature to the approval record?',
    askedText:
      'You have not drawn a signature yet, so the PDF’s approval record shows none beside your approval. Draw and save it below, or approve without it.',
  },
  options: {
    title: 'Approval options',
    signatureRequired: 'Approving needs the approver’s signature',
    signatureRequiredHelp:
      'When on, a reviewer who has not drawn a signature is asked to draw it before approving, and an approval without one is refused. Returning a report needs none.',
    saved: 'Approval options saved',
    failed: 'The approval options could not be saved',
  },
};
