/**
 * Merges the writer's changes (base -> mine) into the other version (base -> theirs), line by
 * line with `diff`'s patches; null when the two touched the same lines or the base is unknown.
 */
export async function mergeTexts(base: string | undefined, mine: string, theirs: string): Promise<string | null> {
  if (base === undefined) return null;
  const { applyPatch, structuredPatch } = await import('diff');
  const patch = structuredPatch('draft', 'draft', base, mine, '', '', { context: 1 });
  const merged = applyPatch(theirs, patch);
  return merged === false ? null : merged;
}
