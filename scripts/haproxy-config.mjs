// deploy/haproxy/haproxy.cfg for replicas on this machine (`npm run start:cluster`, its tests): the same file
// production reads, with one `server` line per local process instead of each `server-template` and without the
// Docker DNS resolvers. Its `.if` blocks (TLS, front proxy, plain) are left to HAProxy and the environment.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HAPROXY_CFG = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'deploy/haproxy/haproxy.cfg');

/** `servers`: [{ role: 'api' | 'realtime', name, port }] on 127.0.0.1. */
export function haproxyConfig(servers, source = readFileSync(HAPROXY_CFG, 'utf8')) {
  const out = [];
  let inResolvers = false;
  for (const line of source.split('\n')) {
    if (/^resolvers /.test(line)) inResolvers = true;
    else if (/^\S/.test(line)) inResolvers = false;
    if (inResolvers) continue; // no Docker DNS here
    const template = /^(\s*)server-template (\w+) /.exec(line);
    if (!template) {
      out.push(line);
      continue;
    }
    for (const s of servers.filter((x) => x.role === template[2])) {
      out.push(`${template[1]}server ${s.name} 127.0.0.1:${s.port} check`);
    }
  }
  return out.join('\n');
}
