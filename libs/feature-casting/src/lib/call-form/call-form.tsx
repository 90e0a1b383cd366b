import { useState, type FormEvent } from 'react';
import { CASTING_LIMITS, CASTING_MESSAGES, type CastingCall, type CastingRoleInput } from '@vox/contract/casting';
import type { Script } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { TextField, useFocusFirstInvalid } from '@vox/ui/forms';
import { VISIBILITY_LABELS, dateInputValue, deadlineOfDay, defaultDeadlineDay } from '../shared/format';

interface RoleChoice {
  chosen: boolean;
  description: string;
  voiceNotes: string;
  sides: string[];
}

interface CallFormValues {
  roles: Record<string, RoleChoice>;
  deadline: string;
  paid: boolean;
  payNote: string;
  visibility: CastingCall['visibility'];
}

/** What the form sends: the chosen roles with their sides, the deadline at the end of its day. */
interface CallFormResult {
  roles: CastingRoleInput[];
  deadline: string;
  paid: boolean;
  payNote: string;
  visibility: CastingCall['visibility'];
}

/** The texts the form shows beside a field it refuses: the server's own where it has one. */
export const CALL_FORM_TEXTS = {
  roles: CASTING_MESSAGES.rolesMissing,
  sides: 'Please choose at least one line for this role’s audition.',
  tooManySides: `Please choose at most ${CASTING_LIMITS.sides} lines.`,
  noSides: CASTING_MESSAGES.noSides,
  deadline: 'Please choose a deadline.',
  deadlineInPast: CASTING_MESSAGES.deadlineInPast,
  deadlineTooFar: CASTING_MESSAGES.deadlineTooFar,
} as const;

const DAY = 24 * 60 * 60 * 1000;

/** A role's lines it can audition with: its dialogue, in script order. */
const linesOf = (script: Script, role: string) => script.lines.filter((l) => l.kind === 'dialogue' && l.role === role);

/** A new call's values: no role chosen yet; each role's first lines preselected as its sides. */
export function newCallValues(script: Script, now = Date.now()): CallFormValues {
  const roles: Record<string, RoleChoice> = {};
  for (const role of script.roles) {
    roles[role.name] = {
      chosen: false,
      description: role.description,
      voiceNotes: '',
      sides: linesOf(script, role.name)
        .slice(0, CASTING_LIMITS.defaultSides)
        .map((l) => l.id),
    };
  }
  return { roles, deadline: defaultDeadlineDay(now), paid: false, payNote: '', visibility: 'public' };
}

/** An open call's values, for editing it. */
export function callValues(script: Script, call: CastingCall): CallFormValues {
  const values = newCallValues(script);
  for (const role of call.roles) {
    values.roles[role.name] = {
      chosen: true,
      description: role.description,
      voiceNotes: role.voiceNotes,
      sides: role.sides.map((s) => s.lineId),
    };
  }
  return { ...values, deadline: dateInputValue(call.deadline), paid: call.paid, payNote: call.payNote, visibility: call.visibility };
}

type Errors = { roles?: string; deadline?: string; role: Record<string, string> };

function validate(script: Script, values: CallFormValues, now: number): Errors {
  const errors: Errors = { role: {} };
  const chosen = script.roles.filter((r) => values.roles[r.name]?.chosen);
  if (chosen.length === 0) errors.roles = CALL_FORM_TEXTS.roles;
  for (const role of chosen) {
    const sides = values.roles[role.name].sides;
    if (linesOf(script, role.name).length === 0) errors.role[role.name] = CALL_FORM_TEXTS.noSides;
    else if (sides.length === 0) errors.role[role.name] = CALL_FORM_TEXTS.sides;
    else if (sides.length > CASTING_LIMITS.sides) errors.role[role.name] = CALL_FORM_TEXTS.tooManySides;
  }
  if (!values.deadline) errors.deadline = CALL_FORM_TEXTS.deadline;
  else {
    const at = new Date(deadlineOfDay(values.deadline)).getTime();
    if (Number.isNaN(at)) errors.deadline = CALL_FORM_TEXTS.deadline;
    else if (at <= now) errors.deadline = CALL_FORM_TEXTS.deadlineInPast;
    else if (at > now + CASTING_LIMITS.maxDeadlineDays * DAY) errors.deadline = CALL_FORM_TEXTS.deadlineTooFar;
  }
  return errors;
}

interface CallFormProps {
  script: Script;
  initial: CallFormValues;
  submitLabel: string;
  busy: boolean;
  /** Refused by the server: its text. */
  error: string | null;
  disabled?: boolean;
  onSubmit: (result: CallFormResult) => void;
}

/** The roles to cast with their descriptions, voice notes and sides; the deadline, pay and who sees the call. */
export function CallForm({ script, initial, submitLabel, busy, error, disabled, onSubmit }: CallFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({ role: {} });
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const setRole = (name: string, change: Partial<RoleChoice>) =>
    setValues((v) => ({ ...v, roles: { ...v.roles, [name]: { ...v.roles[name], ...change } } }));
  const toggleSide = (name: string, lineId: string, on: boolean) => {
    const order = linesOf(script, name).map((l) => l.id);
    const current = new Set(values.roles[name].sides);
    if (on) current.add(lineId);
    else current.delete(lineId);
    setRole(name, { sides: order.filter((id) => current.has(id)) });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = validate(script, values, Date.now());
    setErrors(problems);
    if (problems.roles || problems.deadline || Object.keys(problems.role).length > 0) {
      focusFirstInvalid();
      return;
    }
    onSubmit({
      roles: script.roles
        .filter((r) => values.roles[r.name]?.chosen)
        .map((r) => {
          const role = values.roles[r.name];
          return { name: r.name, description: role.description.trim(), voiceNotes: role.voiceNotes.trim(), sides: role.sides };
        }),
      deadline: deadlineOfDay(values.deadline),
      paid: values.paid,
      payNote: values.paid ? values.payNote.trim() : '',
      visibility: values.visibility,
    });
  };

  return (
    <form ref={formRef} className="vox-stack" noValidate onSubmit={submit} aria-label="Casting call">
      <div className="vox-card">
        <fieldset className="vox-casting-fieldset vox-stack vox-stack--tight" aria-describedby={errors.roles ? 'vox-casting-roles-error' : undefined}>
          <legend>Roles to cast</legend>
          {script.roles.length === 0 && <p>This script has no roles yet. Add roles and lines in the editor first.</p>}
          {script.roles.map((r) => (
            <label key={r.name} className="vox-check">
              <input type="checkbox" checked={values.roles[r.name]?.chosen ?? false} onChange={(e) => setRole(r.name, { chosen: e.target.checked })} aria-invalid={errors.roles ? true : undefined} />
              <span>{r.name}</span>
            </label>
          ))}
          {errors.roles && (
            <p id="vox-casting-roles-error" className="vox-casting-error">
              {errors.roles}
            </p>
          )}
        </fieldset>
      </div>

      {script.roles
        .filter((r) => values.roles[r.name]?.chosen)
        .map((r) => {
          const role = values.roles[r.name];
          const lines = linesOf(script, r.name);
          const problem = errors.role[r.name];
          const errorId = `vox-casting-sides-error-${r.name.replace(/\W+/g, '-')}`;
          return (
            <section key={r.name} className="vox-card vox-stack vox-stack--tight vox-casting-role" aria-label={`Role: ${r.name}`}>
              <h2>{r.name}</h2>
              <div className="vox-field">
                <label className="vox-field__label" htmlFor={`vox-casting-desc-${r.name}`}>
                  Description of {r.name}
                </label>
                <textarea id={`vox-casting-desc-${r.name}`} className="vox-textarea" rows={3} maxLength={CASTING_LIMITS.description} value={role.description} onChange={(e) => setRole(r.name, { description: e.target.value })} />
              </div>
              <TextField label={`Voice notes for ${r.name}`} hint="Age, accent, style" maxLength={CASTING_LIMITS.voiceNotes} value={role.voiceNotes} onChange={(e) => setRole(r.name, { voiceNotes: e.target.value })} />
              <fieldset className="vox-casting-fieldset" aria-describedby={problem ? errorId : undefined}>
                <legend>Audition sides for {r.name}</legend>
                <div className="vox-stack vox-stack--close">
                  {lines.map((line) => (
                    <label key={line.id} className="vox-check">
                      <input type="checkbox" checked={role.sides.includes(line.id)} onChange={(e) => toggleSide(r.name, line.id, e.target.checked)} aria-invalid={problem ? true : undefined} />
                      <span>
                        {line.parenthetical && <em>{line.parenthetical} </em>}
                        {line.text}
                      </span>
                    </label>
                  ))}
                </div>
                {problem && (
                  <p id={errorId} className="vox-casting-error">
                    {problem}
                  </p>
                )}
              </fieldset>
            </section>
          );
        })}

      <div className="vox-card vox-stack vox-stack--tight">
        <TextField
          label="Deadline"
          type="date"
          value={values.deadline}
          onChange={(e) => setValues((v) => ({ ...v, deadline: e.target.value }))}
          error={errors.deadline}
          hint="Auditions close at the end of this day."
        />
        <fieldset className="vox-casting-fieldset">
          <legend>Pay</legend>
          <div className="vox-toolbar">
            <label className="vox-check">
              <input type="radio" name="paid" checked={!values.paid} onChange={() => setValues((v) => ({ ...v, paid: false }))} /> Unpaid
            </label>
            <label className="vox-check">
              <input type="radio" name="paid" checked={values.paid} onChange={() => setValues((v) => ({ ...v, paid: true }))} /> Paid
            </label>
          </div>
        </fieldset>
        {values.paid && <TextField label="Pay note" hint="How much, and how it is paid" maxLength={CASTING_LIMITS.payNote} value={values.payNote} onChange={(e) => setValues((v) => ({ ...v, payNote: e.target.value }))} />}
        <fieldset className="vox-casting-fieldset">
          <legend>Who can see this call</legend>
          <div className="vox-stack vox-stack--close">
            {(Object.keys(VISIBILITY_LABELS) as CastingCall['visibility'][]).map((v) => (
              <label key={v} className="vox-check">
                <input type="radio" name="visibility" checked={values.visibility === v} onChange={() => setValues((s) => ({ ...s, visibility: v }))} /> {VISIBILITY_LABELS[v]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      {error && <Alert variant="error">{error}</Alert>}
      <div className="vox-toolbar">
        <Button type="submit" busy={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
