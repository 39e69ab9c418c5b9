import { techniques, thermal, vci, walkthrough } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { extensionOf, techniqueExtensions } from './extensions.ts';

describe('technique extensions', () => {
  it('are keyed by the modules of the catalogue', () => {
    const modules: string[] = techniques.map((t) => t.module);
    expect(Object.keys(techniqueExtensions).filter((m) => !modules.includes(m))).toEqual([]);
    // @ts-expect-error a module the catalogue does not list is refused by the type checker
    const misspelt: typeof techniqueExtensions = { thermol: {} };
    expect(misspelt).toBeDefined();
  });

  it('give each technique its own parts, and none to a technique without an extension', () => {
    expect(extensionOf(thermal).GradeBadge).toBeDefined();
    expect(extensionOf(vci).WorkspacePanel).toBeDefined();
    expect(extensionOf(walkthrough)).toEqual({});
  });
});
