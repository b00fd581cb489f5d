/**
 * `event.counts` pushes carry a version (a numeric string that grows with every change of that event).
 * Pushes may overlap (several rooms, a resync), so a screen applies counts only when they are newer than
 * the last ones it applied for that event.
 */
export interface VersionGate {
  /** True (and remembered) when `version` is newer than the last accepted one for `id`. */
  accept(id: number, version: string): boolean;
  clear(): void;
}

function parseVersion(version: string): bigint | null {
  try {
    return /^\d+$/.test(version) ? BigInt(version) : null;
  } catch {
    return null;
  }
}

export function createVersionGate(): VersionGate {
  const seen = new Map<number, bigint>();
  return {
    accept(id, version) {
      const next = parseVersion(String(version));
      if (next === null) return false;
      const last = seen.get(id);
      if (last !== undefined && next <= last) return false;
      seen.set(id, next);
      return true;
    },
    clear() {
      seen.clear();
    },
  };
}
