import { useCallback, useState } from 'react';

/**
 * The row of a list whose action is under way (its buttons disabled meanwhile): `run(id, action, failed)` marks the
 * row, runs the action, hands a failure to `failed`, and frees the row whatever happened.
 */
export function useBusyRow() {
  const [busyId, setBusyId] = useState<number | null>(null);
  const run = useCallback(async (id: number, action: () => Promise<unknown>, failed: (error: unknown) => void): Promise<void> => {
    setBusyId(id);
    try {
      await action();
    } catch (error) {
      failed(error);
    } finally {
      setBusyId(null);
    }
  }, []);
  return { busyId, run };
}
