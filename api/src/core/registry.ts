/**
 * What areas register when they start (their personal data, their references to people…), one entry per key: a second
 * registration of a key is a programming error, thrown at start-up.
 */
export class Registry<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly kind: string,
    private readonly keyOf: (entry: V) => K = () => {
      throw new Error('This registry takes its key with registerAs');
    },
  ) {}

  register(entry: V): void {
    this.registerAs(this.keyOf(entry), entry);
  }

  /** An entry that does not carry its own key (an adapter registered for a kind). */
  registerAs(key: K, entry: V): void {
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
