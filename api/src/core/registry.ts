/**
 * What areas register when they start (their personal data, their references to people…), one entry per key: a second
 * registration of a key is a programming error, thrown at start-up.
 */
export class Registry<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly kind: string,
    private readonly keyOf: (entry: V) => K,
  ) {}

  register(entry: V): void {
    const key = this.keyOf(entry);
    if (this.entries.has(key)) throw new Error(`${this.kind} ${String(key)} registered twice`);
    this.entries.set(key, entry);
  }

  all(): V[] {
    return [...this.entries.values()];
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }
}
