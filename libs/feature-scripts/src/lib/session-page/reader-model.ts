import type { Participant, Person, ScriptLine, ScriptRole, SessionDetail } from '@vox/contract';

/** A line I record: a dialogue line of the role I claimed. */
export const isMyLine = (line: ScriptLine, myRole: string | null): boolean => myRole !== null && line.kind === 'dialogue' && line.role === myRole;

/** The index of my next line after `from`, or -1. */
export function nextMyLine(lines: readonly ScriptLine[], from: number, myRole: string | null): number {
  for (let i = from + 1; i < lines.length; i += 1) if (isMyLine(lines[i], myRole)) return i;
  return -1;
}

export interface RoleSeat {
  name: string;
  description: string;
  lineCount: number;
  /** Who reads it (me included), or null when it is open. */
  reader: Person | null;
  mine: boolean;
}

/** The roles of the script with who reads each, for the role picker. */
export function roleSeats(session: Pick<SessionDetail, 'participants' | 'me'> & { script: { roles: ScriptRole[]; lines: readonly ScriptLine[] } }): RoleSeat[] {
  const counts = new Map<string, number>();
  for (const line of session.script.lines) if (line.kind === 'dialogue' && line.role) counts.set(line.role, (counts.get(line.role) ?? 0) + 1);
  return session.script.roles.map((role) => {
    const seat = session.participants.find((p) => p.role === role.name) ?? null;
    return {
      name: role.name,
      description: role.description,
      lineCount: counts.get(role.name) ?? 0,
      reader: seat?.user ?? null,
      mine: session.me.role === role.name,
    };
  });
}

/** role name -> who reads it. */
export function readersByRole(participants: readonly Participant[]): Map<string, Person> {
  const map = new Map<string, Person>();
  for (const p of participants) if (p.role) map.set(p.role, p.user);
  return map;
}
