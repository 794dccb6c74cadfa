import { Fragment } from 'react';

/**
 * IP addresses in code type that may break after a colon: an IPv6 address wraps at its groups
 * rather than widen a table, and never inside a group.
 */
export function IpText({ ips }: { ips: readonly string[] }) {
  return (
    <code className="ip-text">
      {ips.map((ip, index) => (
        <Fragment key={ip}>
          {index > 0 && ', '}
          {ip.split(':').map((group, at) => (
            <Fragment key={at}>
              {at > 0 && (
                <>
                  :<wbr />
                </>
              )}
              {group}
            </Fragment>
          ))}
        </Fragment>
      ))}
    </code>
  );
}
