/**
 * Connection slots of a websocket server (the simulator's hub and `replay --serve` alike): how
 * many connections are open over all, per signed-in user and per address, with room kept for
 * signed-in users so that a crowd of anonymous connections from anywhere never locks them out.
 * docs/security.md gives the values and the reasons.
 */
import { addressKey } from '../accounts/auth';

/** Open connections (both streams) beyond which new ones are closed at once (1013). */
export const MAX_CONNECTIONS = 2_000;
/**
 * Slots kept for signed-in users: connections without a user (no session cookie on the upgrade,
 * a private stream not signed in yet) may take at most MAX_CONNECTIONS minus these.
 */
export const RESERVED_FOR_SIGNED_IN = 500;
/** Connections without a user from one address (an IPv6 /64): the rest of the world gets in. */
export const MAX_ANONYMOUS_PER_ADDRESS = 100;
/** Connections of one signed-in user (both streams, all sessions): nobody fills the reserve. */
export const MAX_CONNECTIONS_PER_USER = 50;

/** Whom a connection's slot is counted against: a signed-in user, or an address. */
type Slot = { user: number } | { address: string };

export class ConnectionSlots<C> {
  private readonly slots = new Map<C, Slot>();
  private readonly perUser = new Map<number, number>();
  private readonly perAddress = new Map<string, number>();
  private anonymous = 0;

  /** `maxConnections`: the bound over all (default MAX_CONNECTIONS; the reserve is kept). */
  constructor(private readonly maxConnections = MAX_CONNECTIONS) {}

  /**
   * Takes a slot for a new connection of `user` (the signed-in user of the upgrade request, if
   * any) from `address`; the reason it has no room, or '' when it was taken.
   */
  admit(conn: C, user: number | undefined, address: string | undefined): string {
    if (this.slots.size >= this.maxConnections) return 'too many connections';
    const slot: Slot = user !== undefined ? { user } : { address: addressKey(address) };
    const refused = this.noRoom(slot);
    if (!refused) this.take(conn, slot);
    return refused;
  }

  /**
   * The connection signed in as `userId`: it now counts against its user, not its address (the
   * anonymous slot is freed). False when that user is at the limit (the connection keeps its slot
   * and must be closed), so tokens cannot open more than the upgrade would.
   */
  bindUser(conn: C, userId: number): boolean {
    const slot = this.slots.get(conn);
    if (slot && 'user' in slot && slot.user === userId) return true;
    if (this.noRoom({ user: userId })) return false;
    this.release(conn);
    this.take(conn, { user: userId });
    return true;
  }

  /** The connection closed: its slot is free. */
  release(conn: C): void {
    const slot = this.slots.get(conn);
    if (!slot) return;
    this.slots.delete(conn);
    const dec = <K>(m: Map<K, number>, k: K) => {
      const n = (m.get(k) ?? 0) - 1;
      if (n > 0) m.set(k, n);
      else m.delete(k);
    };
    if ('user' in slot) dec(this.perUser, slot.user);
    else {
      dec(this.perAddress, slot.address);
      this.anonymous--;
    }
  }

  /** Why a connection counted against `slot` has no room, or '' when it has. */
  private noRoom(slot: Slot): string {
    if ('user' in slot) {
      return (this.perUser.get(slot.user) ?? 0) >= MAX_CONNECTIONS_PER_USER
        ? 'too many connections for this user'
        : '';
    }
    if ((this.perAddress.get(slot.address) ?? 0) >= MAX_ANONYMOUS_PER_ADDRESS)
      return 'too many connections from this address';
    const reserve = Math.min(RESERVED_FOR_SIGNED_IN, Math.floor(this.maxConnections / 4));
    if (this.anonymous >= this.maxConnections - reserve)
      return 'too many connections (the rest are kept for signed-in users)';
    return '';
  }

  private take(conn: C, slot: Slot): void {
    this.slots.set(conn, slot);
    if ('user' in slot) this.perUser.set(slot.user, (this.perUser.get(slot.user) ?? 0) + 1);
    else {
      this.perAddress.set(slot.address, (this.perAddress.get(slot.address) ?? 0) + 1);
      this.anonymous++;
    }
  }
}
