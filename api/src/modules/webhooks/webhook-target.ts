import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { APP_CONFIG } from '@core/config/app-config';
import type { WebhooksSettings } from './webhooks.settings';

/** Where a URL's host points (a provider, so tests can answer for a name without asking any DNS server). */
@Injectable()
export class WebhookResolver {
  async resolve(host: string): Promise<Array<{ address: string; family: 4 | 6 }>> {
    const found = await lookup(host, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  }
}

/** Addresses that are not the public internet: loopback, private, link-local, shared, documentation, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
}

/** True for an address on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) return false; // mapped in hex form: refuse rather than parse
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL that may receive: the address it was checked at (the connection goes there, never to a second lookup). */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type TargetCheck = { ok: true; target: CheckedTarget } | { ok: false; reason: string };

/**
 * The SSRF guard, at registration and again before every delivery (DNS rebinding): https only, and every address the
 * host resolves to must be public — unless WEBHOOK_ALLOW_PRIVATE_TARGETS (development, tests), which also allows
 * plain http, to non-public addresses only.
 */
@Injectable()
export class WebhookTargets {
  constructor(
    @Inject(APP_CONFIG) private readonly config: WebhooksSettings,
    private readonly resolver: WebhookResolver,
  ) {}

  /** Only the URL's form (no lookup): what a DTO can say field by field. */
  static formProblem(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'La URL no es válida.';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'La URL debe empezar con https://.';
    if (url.username || url.password) return 'La URL no puede llevar usuario ni contraseña.';
    if (url.hash) return 'La URL no puede llevar un fragmento (#).';
    return null;
  }

  async check(raw: string): Promise<TargetCheck> {
    const problem = WebhookTargets.formProblem(raw);
    if (problem) return { ok: false, reason: problem };
    const url = new URL(raw);
    const allowPrivate = this.config.webhookAllowPrivateTargets;
    if (url.protocol === 'http:' && !allowPrivate) return { ok: false, reason: 'La URL debe usar https://.' };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: 4 | 6 }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.resolver.resolve(host);
      } catch {
        return { ok: false, reason: `No se encontró el dominio ${host}.` };
      }
    }
    if (addresses.length === 0) return { ok: false, reason: `No se encontró el dominio ${host}.` };
    const hidden = addresses.find((a) => !isPublicAddress(a.address));
    if (hidden && !allowPrivate) {
      return {
        ok: false,
        reason: `La URL apunta a una dirección que no es pública (${hidden.address}): solo se aceptan destinos en internet.`,
      };
    }
    if (url.protocol === 'http:' && addresses.some((a) => isPublicAddress(a.address))) {
      return { ok: false, reason: 'Un destino en internet debe usar https://.' };
    }
    return { ok: true, target: { url, ...addresses[0] } };
  }
}
