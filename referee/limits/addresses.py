"""The address a limit counts: an IPv4 address, or an IPv6 address's /64.

A home or a phone's carrier hands out a whole /64 to one line: counting IPv6
addresses one by one would give an attacker 2**64 fresh "addresses" for free.
"""

from __future__ import annotations

import ipaddress

IPV6_PREFIX = 64
COOKIELESS = "cookieless-"  # the device of the requests of an address that show no device cookie


def counted_as(address: str) -> str:
    """The key a limit per address uses for this client address."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:  # ::ffff:192.0.2.7 is 192.0.2.7
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False))
    return str(parsed)


def cookieless(address: str) -> str:
    """The device id shared by every request of this counted address that shows no device
    cookie: one device's share for all of them (docs/deploy.md, "What is trusted")."""
    return f"{COOKIELESS}{address}"
