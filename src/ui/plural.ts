/** A count and its noun, as a sentence says it: "1 bin", "3 bins". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
