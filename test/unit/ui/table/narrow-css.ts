/** Reading the CSS of VirtualTable's narrow layout (narrowLayoutCss) back in tests. */

/** The blocks of the CSS, by the container width below which each applies. */
export function queries(css: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const part of css.split('@container (max-width: ').slice(1)) {
    const m = /^(\d+)px\) \{/.exec(part)!;
    out.set(Number(m[1]) + 1, part.slice(m[0].length));
  }
  return out;
}

/** The nth-child indices visually hidden in the row's line at a given area width. */
export function leftOutAt(css: string, width: number): number[] {
  const out = new Set<number>();
  for (const [below, block] of queries(css)) {
    if (width >= below) continue;
    const rule = /([^{}]*)\{ position: absolute;/.exec(block);
    for (const m of rule?.[1]!.matchAll(/:nth-child\((\d+)\)/g) ?? []) out.add(Number(m[1]));
  }
  return [...out].sort((x, y) => x - y);
}
