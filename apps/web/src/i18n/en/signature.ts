/**
 * The signed-in user's signature (docs/report-of-record.md "Signatures"): drawn once in the user's
 * menu and printed beside their approvals on report PDFs.
 */
export const signature = {
  menu: 'My signature',
  title: 'My signature',
  intro:
    'Your signature is printed beside your approvals on report PDFs. Approvals you have already given keep the signature they were given with.',
  current: 'Current signature',
  currentAlt: 'Your current signature',
  none: 'You have not drawn a signature yet.',
  loadFailed: 'Your current signature could not be loaded. Check the connection and open this again.',
  drawNew: 'Draw a new signature',
  drawFirst: 'Draw your signature',
  pad: 'Signature drawing area',
  padHint: 'Sign inside the white box with your finger, a pen or the mouse.',
  clear: 'Clear',
  save: 'Save signature',
  remove: 'Remove signature',
  removeQuestion:
    'Remove your signature? Reports you approve from now on carry no signature until you draw one again; approvals already given keep theirs.',
  removeConfirm: 'Remove',
  removeCancel: 'Cancel',
  saved: 'Your signature is saved',
  removed: 'Your signature is removed',
  tooLarge:
    'The signature is too large to save (at most {{max}}). Clear the box and draw it again, a little smaller.',
  notAnImage: 'The server did not accept the drawing as an image. Clear the box and draw it again.',
  notReceived: 'The signature did not reach the server whole. Save it again.',
};
