/** The item at `i`, counting round the list again past its end: spreads requests over clients or servers. */
export function roundRobin<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('roundRobin of an empty list');
  return item;
}
