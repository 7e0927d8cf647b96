/**
 * Connection slots of a websocket server (the simulator's hub and `replay --serve` alike): how
 * many connections are open over all, per address and per sign-in, with room kept for signed-in
 * connections so that a crowd of anonymous connections from anywhere never locks them out.
 * docs/security.md gives the values and the reasons.
 *
 * No limit is counted per user: the demo passwords are public (and on the replay server every
 * sign-in is the session's one user), so another sign-in of the same user must not be able to use
 * up a dashboard's slots. Every connection counts against its address; a private stream signed in
 * with a token also against its sign-in (session).
 */
import { addressKey } from '../accounts/auth';

/** Open connections (both streams) beyond which new ones are closed at once (1013). */
export const MAX_CONNECTIONS = 2_000;
/**
 * Slots kept for signed-in connections: connections without a sign-in (no session cookie on the
 * upgrade, a private stream not signed in yet) may take at most MAX_CONNECTIONS minus these.
 */
export const RESERVED_FOR_SIGNED_IN = 500;
/** Connections without a sign-in from one address (an IPv6 /64): the rest of the world gets in. */
export const MAX_ANONYMOUS_PER_ADDRESS = 100;
/**
 * Signed-in connections from one address (a session cookie on the upgrade, whichever the stream,
 * or a private stream signed in with a token): so that nobody fills the reserve from one place,
 * and a crowd of anonymous connections from that address never locks a dashboard out.
 */
export const MAX_SIGNED_IN_PER_ADDRESS = 100;
/** Private streams signed in with the tokens of one sign-in (session). */
export const MAX_CONNECTIONS_PER_SESSION = 50;

/**
 * Whom a connection's slot is counted against: always its address (an anonymous or a signed-in
 * one), and once a private stream signed in with a token of a sign-in, that sign-in too.
 */
interface Slot {
  address: string;
  signedIn: boolean;
  session?: string;
}

const inc = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
const dec = <K>(m: Map<K, number>, k: K) => {
  const n = (m.get(k) ?? 0) - 1;
  if (n > 0) m.set(k, n);
  else m.delete(k);
};

export class ConnectionSlots<C> {
  private readonly slots = new Map<C, Slot>();
  private readonly anonymousPerAddress = new Map<string, number>();
  private readonly signedInPerAddress = new Map<string, number>();
  private readonly perSession = new Map<string, number>();
  private anonymous = 0;

  /** `maxConnections`: the bound over all (default MAX_CONNECTIONS; the reserve is kept). */
  constructor(private readonly maxConnections = MAX_CONNECTIONS) {}

  /**
   * Takes a slot for a new connection from `address`; `signedIn`: the upgrade request carried a
   * live session cookie (whichever the stream: the public stream is counted by address all the
   * same). The reason it has no room, or '' when it was taken.
   */
  admit(conn: C, address: string | undefined, signedIn: boolean): string {
    if (this.slots.size >= this.maxConnections) return 'too many connections';
    const slot: Slot = { address: addressKey(address), signedIn };
    const refused = this.noRoom(slot);
    if (!refused) this.take(conn, slot);
    return refused;
  }

  /**
   * The private connection signed in with a token of the sign-in `session` (undefined: counted
   * by its address only, as `replay --serve` does, whose every sign-in is the one user): it now
   * counts as signed in. The reason it has no room (the connection keeps its slot and must be
   * closed), or '' when it has, so tokens cannot open more than the limits allow.
   */
  bind(conn: C, session: string | undefined): string {
    const slot = this.slots.get(conn);
    if (!slot) return 'connection closed';
    if (slot.signedIn && slot.session === session) return '';
    const next: Slot = {
      address: slot.address,
      signedIn: true,
      ...(session !== undefined ? { session } : {}),
    };
    if (session !== undefined && (this.perSession.get(session) ?? 0) >= MAX_CONNECTIONS_PER_SESSION)
      return 'too many connections for this sign-in';
    if (
      !slot.signedIn &&
      (this.signedInPerAddress.get(slot.address) ?? 0) >= MAX_SIGNED_IN_PER_ADDRESS
    )
      return 'too many signed-in connections from this address';
    this.release(conn);
    this.take(conn, next);
    return '';
  }

  /** The connection closed: its slot is free. */
  release(conn: C): void {
    const slot = this.slots.get(conn);
    if (!slot) return;
    this.slots.delete(conn);
    if (slot.session !== undefined) dec(this.perSession, slot.session);
    if (slot.signedIn) dec(this.signedInPerAddress, slot.address);
    else {
      dec(this.anonymousPerAddress, slot.address);
      this.anonymous--;
    }
  }

  /** Why a new connection counted against `slot` has no room, or '' when it has. */
  private noRoom(slot: Slot): string {
    if (slot.signedIn) {
      return (this.signedInPerAddress.get(slot.address) ?? 0) >= MAX_SIGNED_IN_PER_ADDRESS
        ? 'too many signed-in connections from this address'
        : '';
    }
    if ((this.anonymousPerAddress.get(slot.address) ?? 0) >= MAX_ANONYMOUS_PER_ADDRESS)
      return 'too many connections from this address';
    const reserve = Math.min(RESERVED_FOR_SIGNED_IN, Math.floor(this.maxConnections / 4));
    if (this.anonymous >= this.maxConnections - reserve)
      return 'too many connections (the rest are kept for signed-in users)';
    return '';
  }

  private take(conn: C, slot: Slot): void {
    this.slots.set(conn, slot);
    if (slot.session !== undefined) inc(this.perSession, slot.session);
    if (slot.signedIn) inc(this.signedInPerAddress, slot.address);
    else {
      inc(this.anonymousPerAddress, slot.address);
      this.anonymous++;
    }
  }
}
