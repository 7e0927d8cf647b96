/**
 * Static import cycles among a build's chunks: found by `npm run size:check` in a built folder,
 * and refused by the build itself (`noChunkCycles`, vite.config.ts), so that a cycle stops
 * `npm run build`, the browser tests' build and the benchmark's at once, not only CI's size check.
 *
 * Why a cycle is refused: in a cycle, the chunk evaluated first runs before the one it imports
 * back, and a module whose top level reads a binding of that one reads it unset (every page blank
 * after b96692e, reverted in a28f9f5: "Cannot read properties of undefined (reading 'classes')").
 * Why one can appear after an unrelated change: rolldown 1.2.19 merges the split group's small
 * subgroups "into the closest neighbouring subgroup" without checking for cycles (upstream:
 * rolldown/rolldown#10259, #10300), so which modules share a chunk can move with a few hundred
 * bytes (vite.config.ts, the comment above MERGE_BELOW_BYTES).
 */
import type { Plugin } from 'vite';

/** Every cycle in `imports` (a file and the files it imports), once each, as `a -> b -> a`. */
export function findCycles(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const f of [...imports.keys()].sort()) if (!state.has(f)) visit(f, [f]);
  return cycles;
}

/** The Vite plugin (build only): fails the build when its chunks import each other. */
export function noChunkCycles(): Plugin {
  return {
    name: 'assetdeck-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      const modules = new Map<string, string[]>();
      for (const out of Object.values(bundle))
        if (out.type === 'chunk') {
          imports.set(out.fileName, [...out.imports]);
          modules.set(
            out.fileName,
            Object.keys(out.modules).map((m) => m.replace(/^.*?\/(src|node_modules)\//, '$1/')),
          );
        }
      const cycles = findCycles(imports);
      if (cycles.length > 0) {
        // What each chunk of a cycle holds: the modules to give a module or a group of their own.
        const inCycles = new Set(cycles.flatMap((c) => c.split(' -> ')));
        const held = [...inCycles].map((f) => `${f}: ${(modules.get(f) ?? []).join(', ')}`);
        this.error(
          `chunks import each other: ${cycles.join('; ')}. Rolldown's merge of small chunks ` +
            '(vite.config.ts, MERGE_BELOW_BYTES) put modules that import one another in two ' +
            'chunks; give the export that ties them a module of its own, or the modules a group ' +
            `(scripts/chunk-cycles.ts). The chunks hold: ${held.join('; ')}`,
        );
      }
    },
  };
}
