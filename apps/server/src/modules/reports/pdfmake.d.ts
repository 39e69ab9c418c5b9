/**
 * What the server uses of pdfmake 0.3 (node build), which ships no types of its own
 * (`@types/pdfmake` describes 0.2, whose API differs).
 */
declare module 'pdfmake' {
  import type { Readable } from 'node:stream';

  type AccessPolicy = (target: string) => boolean;
  type OutputDocument = {
    /** The laid-out pdfkit document: pipe it, then `end()` it to have it written. */
    getStream(): Promise<Readable & { end(): void }>;
    getBuffer(): Promise<Buffer>;
  };
  const pdfmake: {
    /** In-memory files, by name: fonts and images named in a document are read from here first. */
    virtualfs: { storage: Record<string, Buffer> };
    addFonts(
      fonts: Record<string, Partial<Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>>,
    ): void;
    setUrlAccessPolicy(policy: AccessPolicy | undefined): void;
    setLocalAccessPolicy(policy: AccessPolicy | undefined): void;
    createPdf(definition: Record<string, unknown>, options?: Record<string, unknown>): OutputDocument;
  };
  export default pdfmake;
}
