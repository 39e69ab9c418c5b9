import { apiBlob } from './http-client.ts';

/** Hands a file made in the page to the browser to save under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers start reading the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}

/**
 * Downloads a file under /api with the session's token (a plain link cannot carry it) and hands it
 * to the browser to save under `fileName`. Rejects with an ApiError when the file cannot be read.
 */
export async function saveDownload(url: string, fileName: string): Promise<void> {
  saveFile(await apiBlob(url), fileName);
}
