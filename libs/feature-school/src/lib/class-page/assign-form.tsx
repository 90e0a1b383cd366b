import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { displayName } from '@vox/contract';
import { CLASS_LIMITS, CLASS_MESSAGES, type ClassDetail } from '@vox/contract/school';
import { Alert, Button } from '@vox/ui';
import { href } from '@vox/variant';
import { useClassActions, useMyScripts, useScript } from '../api/classes';

interface Seat {
  role: string;
  group: string;
}

/** A week from now at 17:00, as a datetime-local value. */
function defaultDue(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setHours(17, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T17:00`;
}

/**
 * A new assignment: a script, a role per student (students given the same group number read one
 * session together; no group, a session of their own), a due date and instructions.
 */
export function AssignForm({ cls }: { cls: ClassDetail }) {
  const navigate = useNavigate();
  const { assign } = useClassActions(cls.id);
  const scripts = useMyScripts();
  const [scriptId, setScriptId] = useState('');
  const script = useScript(scriptId || null);
  const [dueAt, setDueAt] = useState(defaultDue);
  const [instructions, setInstructions] = useState('');
  const [seats, setSeats] = useState<Record<string, Seat>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const roles = script.data?.roles.map((r) => r.name) ?? [];

  const setSeat = (studentId: string, change: Partial<Seat>) => setSeats((all) => ({ ...all, [studentId]: { ...(all[studentId] ?? { role: '', group: '' }), ...change } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = Object.entries(seats).filter(([, s]) => s.role);
    if (!scriptId) return setProblem(CLASS_MESSAGES.scriptNotFound);
    if (!dueAt || !Number.isFinite(Date.parse(dueAt))) return setProblem(CLASS_MESSAGES.dueInvalid);
    if (chosen.length === 0) return setProblem(CLASS_MESSAGES.noSeats);
    setProblem(null);
    assign.mutate(
      {
        scriptId,
        instructions,
        dueAt: new Date(dueAt).toISOString(),
        seats: chosen.map(([studentId, s]) => ({ studentId, role: s.role, ...(s.group.trim() ? { group: Number(s.group) } : {}) })),
      },
      { onSuccess: (answer) => navigate(href('assignment', { assignmentId: answer.assignment.id })) },
    );
  };

  return (
    <section className="vox-school-card vox-class-noprint" aria-labelledby="vox-class-assign">
      <h2 id="vox-class-assign">New assignment</h2>
      <form className="vox-stack" onSubmit={submit} noValidate>
        <div className="vox-field-row">
          <div>
            <label className="vox-field__label" htmlFor="vox-assign-script">
              Script
            </label>
            <select id="vox-assign-script" className="vox-input vox-class-select" value={scriptId} onChange={(e) => (setScriptId(e.target.value), setSeats({}))}>
              <option value="">Choose a script</option>
              {(scripts.data?.items ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title || 'Untitled script'}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="vox-field__label" htmlFor="vox-assign-due">
              Due
            </label>
            <input id="vox-assign-due" className="vox-input vox-class-select" type="datetime-local" value={dueAt} onChange={(e) => setDueAt(e.target.value)} />
          </div>
        </div>
        <div>
          <label className="vox-field__label" htmlFor="vox-assign-instructions">
            Instructions (optional)
          </label>
          <textarea className="vox-textarea" id="vox-assign-instructions" value={instructions} onChange={(e) => setInstructions(e.target.value)} maxLength={CLASS_LIMITS.instructions} />
        </div>
        {scriptId && roles.length > 0 && (
          <fieldset className="vox-class-seats">
            <legend>Roles</legend>
            <p className="vox-class-help">Give each student a role. Students with the same group number read together in one session.</p>
            {cls.students.map((s) => {
              const name = displayName(s.person);
              const seat = seats[s.person.id] ?? { role: '', group: '' };
              return (
                <div key={s.person.id} className="vox-class-seat">
                  <span className="vox-class-seat__name">{name}</span>
                  <select aria-label={`Role for ${name}`} className="vox-input vox-class-select" value={seat.role} onChange={(e) => setSeat(s.person.id, { role: e.target.value })}>
                    <option value="">Not in this assignment</option>
                    {roles.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                  <input
                    aria-label={`Group for ${name}`}
                    className="vox-input vox-class-select vox-class-seat__group"
                    type="number"
                    min={1}
                    max={1000}
                    placeholder="Group"
                    value={seat.group}
                    onChange={(e) => setSeat(s.person.id, { group: e.target.value })}
                  />
                </div>
              );
            })}
          </fieldset>
        )}
        {scriptId && script.isSuccess && roles.length === 0 && <Alert variant="info">This script has no roles yet; add them in the editor first.</Alert>}
        {(problem || assign.isError) && <Alert variant="error">{problem ?? assign.error?.message}</Alert>}
        <div>
          <Button type="submit" busy={assign.isPending}>
            Assign
          </Button>
        </div>
      </form>
    </section>
  );
}
