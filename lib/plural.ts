/**
 * A count with its noun, singular for exactly one: plural(1, "budget") → "1 budget", plural(2, "budget") → "2 budgets",
 * plural(3, "query", "queries") → "3 queries". The count is grouped in English ("1,000 pieces").
 */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? word : many}`;
}
