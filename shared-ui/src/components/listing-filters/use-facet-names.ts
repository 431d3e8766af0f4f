import type { ListingFacets, NamedFacetValue } from '@linkhunt/contracts/listing';
import { useState } from 'react';

type Named = 'brand' | 'category';
type Names = Readonly<Record<Named, ReadonlyMap<string, string>>>;

function learn(known: ReadonlyMap<string, string>, values: readonly NamedFacetValue[]): ReadonlyMap<string, string> {
  if (values.every((value) => known.get(value.slug) === value.name)) return known;
  return new Map([...known, ...values.map((value): [string, string] => [value.slug, value.name])]);
}

function namesOf(facets: ListingFacets | null, known: Names): Names {
  if (!facets) return known;
  return { brand: learn(known.brand, facets.brand), category: learn(known.category, facets.category) };
}

/**
 * The names of every brand and category the facets have listed while the filters were shown. A chosen value
 * the latest counts leave out (no product left with the other filters) is then still shown by its name; one
 * never listed (a hand-written URL) falls back to its slug.
 */
export function useFacetNames(facets: ListingFacets | null): (kind: Named, slug: string) => string {
  const [memory, setMemory] = useState(() => ({ facets, names: namesOf(facets, { brand: new Map(), category: new Map() }) }));
  // Updated while rendering, as React advises for state derived from a changing prop.
  if (memory.facets !== facets) setMemory({ facets, names: namesOf(facets, memory.names) });
  const names = memory.facets === facets ? memory.names : namesOf(facets, memory.names);
  return (kind, slug) => names[kind].get(slug) ?? slug;
}
