/** The store lists' edits by id, written once (valtio proxies are edited in place). */

/** Replaces the item of the same id in `list`, or adds it: at the end, or at the start with `at: 'start'`. */
export function upsertById<T extends { id: number }>(list: T[], item: T, at: 'start' | 'end' = 'end'): void {
  const index = list.findIndex((x) => x.id === item.id);
  if (index >= 0) list[index] = item;
  else if (at === 'start') list.unshift(item);
  else list.push(item);
}

/** Removes the item of that id from `list`, when it is there. */
export function removeById<T extends { id: number }>(list: T[], id: number): void {
  const index = list.findIndex((x) => x.id === id);
  if (index >= 0) list.splice(index, 1);
}

/** Replaces or adds several items at once (a combined push): the new ones are added, then `list` is sorted once. */
export function upsertManyById<T extends { id: number }>(list: T[], incoming: readonly T[], compare: (a: T, b: T) => number): void {
  const indexById = new Map(list.map((x, i) => [x.id, i]));
  let added = false;
  for (const item of incoming) {
    const index = indexById.get(item.id);
    if (index !== undefined) list[index] = item;
    else {
      indexById.set(item.id, list.push(item) - 1);
      added = true;
    }
  }
  if (added) list.sort(compare);
}
