/** Hands a file made in the page to the browser to save under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers start reading the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
