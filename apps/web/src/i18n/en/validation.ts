import { fieldMessages } from '@inspectra/contract';

/**
 * What a field's check says, by the contract's catalogue code (messages.ts): the English is the
 * catalogue's own, so there is one home for it; `id/validation.ts` translates every code.
 */
export const validation = fieldMessages;
