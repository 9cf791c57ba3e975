/**
 * The budget of long-lived streams on one instance (decision 175), kept apart from the in-flight
 * limit of ordinary requests: a stream holds its connection for minutes, so counting it there let
 * one person's open streams shed everyone's requests. Three caps, checked as a stream opens: all
 * streams together (the instance's memory and sockets), one user's, one client address's.
 */

export type TStreamLimits = { total: number; perUser: number; perAddress: number };

/** Which cap a refused stream met. */
export type TStreamCap = 'total' | 'user' | 'address';

export type TStreamAdmission = { admitted: true; release(): void } | { admitted: false; cap: TStreamCap };

export function createStreamBudget(limits: TStreamLimits) {
  let open = 0;
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();

  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /** A place for one more stream of `userId` from `address`, or the cap it would pass. */
    admit(userId: string, address: string): TStreamAdmission {
      if ((byUser.get(userId) ?? 0) >= limits.perUser) return { admitted: false, cap: 'user' };
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) return { admitted: false, cap: 'address' };
      if (open >= limits.total) return { admitted: false, cap: 'total' };
      open++;
      add(byUser, userId, 1);
      add(byAddress, address, 1);
      let released = false;
      return {
        admitted: true,
        release() {
          if (released) return;
          released = true;
          open--;
          add(byUser, userId, -1);
          add(byAddress, address, -1);
        },
      };
    },
    /** Streams open now. */
    open: () => open,
  };
}

export type TStreamBudget = ReturnType<typeof createStreamBudget>;
