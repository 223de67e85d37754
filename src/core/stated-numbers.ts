/**
 * The numbers a text states, as written (digit groups joined: "84,000" is "84000"; "5th", "4471", "9:30"
 * kept whole), sorted. Two statements whose numbers differ say different things however alike their
 * words: "My locker code is 9920" is not "My locker code is 4471" said again, though USE-lite puts them
 * at 0.96, inside its duplicate band.
 *
 * @example
 * statedNumbers('My flight to Rome is on March 9 at 10:30'); // ['10:30', '9']
 */
export function statedNumbers(text: string): string[] {
  const found = text.normalize('NFKC').match(/[\p{L}\p{N}]*\p{N}(?:[\p{L}\p{N}]|[,.:](?=\p{N}))*/gu) ?? [];
  return [...new Set(found.map((word) => word.toLowerCase().replace(/(?<=\p{N}),(?=\p{N}{3})/gu, '')))].sort();
}

/** True when two texts state the same numbers (none at all included). */
export function sameNumbers(left: string, right: string): boolean {
  const [a, b] = [statedNumbers(left), statedNumbers(right)];
  return a.length === b.length && a.every((number, index) => number === b[index]);
}
