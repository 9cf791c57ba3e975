/** Who does something: every service operation that checks ownership or writes an audit entry takes one. */
export type TActor = { userId: string; role: string; orgId: string | null };

/** The actor of a signed-in request (`request.user` after the portal's guard). */
export function toActor(caller: { userId: string; role: string; orgId: string | null }): TActor {
  return { userId: caller.userId, role: caller.role, orgId: caller.orgId };
}
