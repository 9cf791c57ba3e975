import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@spacecapture/shared/errors';

/**
 * Where webhooks may go (decision 118): `https` targets on public addresses only. A target is
 * checked when it is saved and again at every delivery, where the address checked is the one
 * connected to, so a name that changes its answer between the two (DNS rebinding) cannot reach
 * an inside address. Loopback over plain `http` is allowed only when WEBHOOKS_ALLOW_LOOPBACK is on
 * (local testing).
 */

export type TResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to; tests pass their own. */
export type TResolver = (hostname: string) => Promise<TResolvedAddress[]>;

export const systemResolver: TResolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export type TUrlPolicy = { allowLoopback: boolean; resolve: TResolver };

const forbidden = new BlockList();
// IPv4: "this network", private, CGNAT, loopback, link-local, IETF protocol assignments,
// documentation, benchmarking, multicast, reserved and broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
// IPv6: IPv4-compatible (with unspecified and loopback), IPv4-translated, IPv4-mapped (checked
// as IPv4 below), discard, ULA, link-local, site-local, multicast, documentation, and every form
// that carries an IPv4 address a gateway would unwrap: NAT64 (well-known and local-use), 6to4,
// Teredo (issue 26).
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d), as IPv4; other addresses as they are. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isLoopbackAddress(address: string) {
  const { address: plain, family } = unmapped(address);
  return loopback.check(plain, family);
}

/** True for an address no webhook may reach: private, loopback, link-local, CGNAT, multicast and the like. */
export function isForbiddenAddress(address: string) {
  const { address: plain, family } = unmapped(address);
  if (family === 'ipv6' && /^::ffff:/i.test(plain)) return true;
  return forbidden.check(plain, family);
}

function refuse(message: string): never {
  throw new AppError('validation_failed', message, { url: message });
}

const HTTPS_ONLY = 'Webhook URLs must start with https://.';
const NOT_ALLOWED = 'This address is not allowed: webhooks go to public addresses only.';

/** The URL as a webhook target, or a 400 that says what is wrong with it. Does not resolve the name. */
export function parseTargetUrl(text: string, policy: Pick<TUrlPolicy, 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('Enter a valid URL starting with https://.');
  }
  if (url.username || url.password) refuse('The URL must not carry a user name or password.');
  // Plain http only to loopback, and only when allowed: checked on the addresses in resolveTarget.
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) refuse(HTTPS_ONLY);
  return url;
}

/**
 * The addresses a target may be connected to: every address its name resolves to, each allowed.
 * One forbidden address refuses the whole target (a name that also points inside is not trusted).
 */
export async function resolveTarget(url: URL, policy: TUrlPolicy): Promise<TResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: TResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      return refuse(`The host ${host} could not be resolved.`);
    }
  }
  if (addresses.length === 0) refuse(`The host ${host} could not be resolved.`);
  for (const { address } of addresses) {
    if (url.protocol === 'http:' && !isLoopbackAddress(address)) refuse(HTTPS_ONLY);
    if (policy.allowLoopback && isLoopbackAddress(address)) continue;
    if (isForbiddenAddress(address)) {
      // What an inside name resolves to is not the customer's to learn: the refusal says no more.
      refuse(NOT_ALLOWED);
    }
  }
  return addresses;
}

/** Checks a target completely (scheme, then every address): at save and before every delivery. */
export async function checkTarget(text: string, policy: TUrlPolicy) {
  const url = parseTargetUrl(text, policy);
  const addresses = await resolveTarget(url, policy);
  return { url, addresses };
}
