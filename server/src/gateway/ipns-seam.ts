/** The one way the host gateways reach IPNS: the resolution of a name to a content path. */
export { resolveIpnsName } from '../names/resolve';
