import os from 'node:os';
import path from 'node:path';

/**
 * What `npm start` says once the server listens (docs/operations.md, "The start banner"): where to
 * open it, where its data is, which database it uses, and where the first administrator's password
 * is. Never a password itself.
 */
export type BannerFacts = {
  /** The address the server was told to listen on (HOST) and the port it listens on. */
  host: string;
  port: number;
  dataDir: string;
  /** DATABASE_URL; the embedded database in DATA_DIR/db when absent. */
  databaseUrl: string | undefined;
  /** S3-compatible object storage (S3_BUCKET, S3_ENDPOINT); DATA_DIR/files when absent. */
  objectStorage?: { bucket: string; endpoint: string | undefined } | undefined;
  /** The file holding a generated first administrator's password, when there is one. */
  adminPasswordFile: string | undefined;
  /** ADMIN_PASSWORD is set: the first administrator was given that password. */
  adminPasswordConfigured: boolean;
  /** This machine's network addresses (IPv4, not loopback), shown when HOST is every address. */
  lanAddresses: string[];
};

/** The machine's IPv4 addresses other than loopback: where a tablet on the plant's network finds it. */
export function lanAddresses(interfaces = os.networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

const everyAddress = new Set(['0.0.0.0', '::', '[::]']);

function urlOf(host: string, port: number) {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** The database in words, without its password: host, port, database name and user. */
export function databaseInWords(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `embedded (PGlite) in ${path.join(dataDir, 'db')}`;
  try {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
    return `PostgreSQL ${url.host}/${name}${user}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** Where uploaded files are kept, in words, without credentials: the bucket and its endpoint, or the folder. */
export function fileStoreInWords(objectStorage: BannerFacts['objectStorage'], dataDir: string): string {
  if (!objectStorage) return `in ${path.join(dataDir, 'files')}`;
  let endpoint = 'AWS S3';
  if (objectStorage.endpoint)
    try {
      const url = new URL(objectStorage.endpoint);
      endpoint = `${url.protocol}//${url.host}`;
    } catch {
      endpoint = 'S3_ENDPOINT';
    }
  return `bucket ${objectStorage.bucket} at ${endpoint}`;
}

/** The banner's lines and the same facts as fields (the JSON log's one entry). */
export function startBanner(facts: BannerFacts) {
  const listensEverywhere = everyAddress.has(facts.host);
  const url = urlOf(listensEverywhere ? '127.0.0.1' : facts.host, facts.port);
  const network = listensEverywhere ? facts.lanAddresses.map((a) => urlOf(a, facts.port)) : [];
  const database = databaseInWords(facts.databaseUrl, facts.dataDir);
  const files = fileStoreInWords(facts.objectStorage, facts.dataDir);
  const adminPassword = facts.adminPasswordFile
    ? `in ${facts.adminPasswordFile} (change it after signing in, then delete the file)`
    : facts.adminPasswordConfigured
      ? 'the one set in ADMIN_PASSWORD'
      : undefined;
  const lines = [
    `Inspectra is listening on ${url}`,
    ...(network.length > 0 ? [`  on the network: ${network.join('  ')}`] : []),
    `  data directory: ${facts.dataDir}`,
    `  database:       ${database}`,
    `  files:          ${files}`,
    ...(adminPassword ? [`  first administrator's password: ${adminPassword}`] : []),
  ];
  const fields = {
    url,
    ...(network.length > 0 ? { networkUrls: network } : {}),
    dataDir: facts.dataDir,
    database,
    files,
    ...(facts.adminPasswordFile ? { adminPasswordFile: facts.adminPasswordFile } : {}),
  };
  return { lines, fields };
}
