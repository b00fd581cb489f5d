import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';
import { TestCluster } from '../setup/cluster';
import { readHarnessEnv } from '../setup/harness-env';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** This test process's children running scripts/cluster.mjs (read from /proc: nothing else to ask). */
function clusterScriptsOfThisProcess(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8')
          .replace(/^.*\)\s+/s, '')
          .split(' ')[1],
      );
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('scripts/cluster.mjs')) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function clusterDatabasesOfThisProcess(): Promise<string[]> {
  const client = new Client({ connectionString: readHarnessEnv().adminDatabaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `aforo_cluster_${process.pid}_%`,
    ]);
    return rows.rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/**
 * TestCluster.start that fails part-way (here: not ready in time, while the script is still starting its
 * processes) stops what it started before throwing: the caller never gets an instance to stop.
 */
describe('TestCluster: a failed start leaves nothing behind', () => {
  it('stops the cluster script and every replica it announced, and drops the database it made', async () => {
    const outcome = await TestCluster.start({ api: 1, realtime: 1, workers: 1 }, { readyWithinMs: 4000 }).then(
      async (c) => {
        await c.stop();
        return null;
      },
      (err: Error) => err,
    );
    if (!outcome) throw new Error('the cluster was ready within 4 s: this test needs a start that fails');
    expect(outcome.message).toMatch(/^el clúster no estuvo listo en 4000 ms/);
    const announced = [...outcome.message.matchAll(/iniciado (?:en 127\.0\.0\.1:\d+ )?\(pid (\d+)/g)].map((m) => Number(m[1]));
    expect(announced.filter(alive)).toEqual([]);
    expect(clusterScriptsOfThisProcess()).toEqual([]);
    expect(await clusterDatabasesOfThisProcess()).toEqual([]);
  }, 120_000);
});
