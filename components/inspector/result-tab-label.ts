/**
 * A result's tab in the inspector: "#1 Its title", "#1 its-id" when the user gave an id, else "Result 1" (as the
 * results editor names it), never the id the inspector made up from the position ("#1 0").
 */
export function resultTabLabel(result: { id: string; title?: string | undefined }, index: number): string {
  if (result.title) return `#${index + 1} ${result.title}`;
  return result.id === String(index) ? `Result ${index + 1}` : `#${index + 1} ${result.id}`;
}
