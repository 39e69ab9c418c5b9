import { useEffect, useState } from 'react';
import { apiBlob } from './http-client.ts';

/**
 * An object URL for a file served under /api (images need the bearer token, so a plain <img src>
 * cannot load them). Fetched through the API client, so an expired token is refreshed. Revoked when
 * the URL changes or the component unmounts; undefined while loading or when the file cannot be read.
 */
export function useAuthorizedObjectUrl(url: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let created: string | undefined;
    apiBlob(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      },
      (error: unknown) => {
        // Unmounted or replaced: nobody is waiting for this file.
        if (controller.signal.aborted) return;
        console.error(`Could not load ${url}`, error);
      },
    );
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(undefined);
    };
  }, [url]);
  return objectUrl;
}
