/**
 * State machines, declared once and enforced by the server's services (an illegal move is a 409
 * saying from what to what). Docs: docs/state-machines.md.
 */

export type TMachine<S extends string> = {
  readonly name: string;
  readonly states: readonly S[];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
};

function defineMachine<const S extends string>(name: string, transitions: Record<S, readonly S[]>): TMachine<S> {
  return { name, states: Object.keys(transitions) as S[], transitions };
}

export function canTransition<S extends string>(machine: TMachine<S>, from: S, to: S): boolean {
  return machine.transitions[from]?.includes(to) ?? false;
}

export function transitionRefusal<S extends string>(machine: TMachine<S>, from: string, to: string): string {
  return `Cannot move ${machine.name} from ${from} to ${to}.`;
}

/** Invitation: pending until accepted by sign-up, revoked by an admin, or past its expiry; resend re-opens. */
export const INVITATION_MACHINE = defineMachine('invitation', {
  pending: ['accepted', 'revoked', 'expired', 'pending'],
  revoked: ['pending'],
  expired: ['pending'],
  accepted: [],
});
export type TInvitationStatus = (typeof INVITATION_MACHINE.states)[number];
