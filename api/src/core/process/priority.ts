import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Nice value of the workers process: imports and other background jobs give way to the API's requests. */
export const WORKERS_NICE = 10;

/**
 * Background work yields the CPU to the API: every thread of this process (on Linux each thread has its
 * own nice value; threads started later inherit it) runs at a lower priority. Without permission to change
 * it, the process runs as it is.
 */
export function lowerPriority(nice: number): void {
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    /* not Linux */
  }
  for (const tid of threads.length ? threads.map(Number) : [0]) {
    try {
      if (getPriority(tid) < nice) setPriority(tid, nice); // never raises a priority lowered by whoever started it
    } catch {
      /* not allowed */
    }
  }
}
