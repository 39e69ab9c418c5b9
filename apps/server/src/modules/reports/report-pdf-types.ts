import type { EntityDefinition, Field } from '@inspectra/contract';

/** pdfmake content: text, or a node (`{ text }`, `{ table }`, `{ stack }`, `{ image }`…). */
export type Content = string | Record<string, unknown> | Content[];

/**
 * A field's value as text in the PDF's language, as the layout's `ValueWords` says it: what the
 * parts a section draws (a profile's limits) read of it without importing the layout.
 */
export type ValueText = {
  of(
    entity: EntityDefinition,
    key: string,
    field: Field,
    value: unknown,
    named?: { name: string } | null,
  ): string;
};
