import { useState, type FormEvent } from 'react';
import { SCRIPT_LIMITS } from '@vox/contract/scripts';
import { Button, cx } from '@vox/ui';
import { Modal, TextField } from '@vox/ui/forms';
import { TrashIcon } from '../session-ui/icons';
import { sameTarget, useEditor } from './editor-context';
import { useEditorValue, type EditorRole, type RemoveRolePlan } from './editor-store';
import { roleNameProblem } from './lines-panel';

const linesText = (n: number) => (n === 0 ? 'No lines' : n === 1 ? '1 line' : `${n.toLocaleString('en')} lines`);

/** The roles: add, rename, describe, remove (asking what happens to the lines a role speaks). */
export function RolesPanel() {
  const { store } = useEditor();
  const roles = useEditorValue(store, store.getRoles);
  const usage = useEditorValue(store, store.getRoleUsage);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<EditorRole | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = roleNameProblem(store, name);
    if (problem) {
      setError(problem);
      return;
    }
    store.addRole(name.replace(/\s+/g, ' ').trim());
    setName('');
    setError(null);
  };

  return (
    <section className="vox-card vox-editor-card vox-editor-roles" aria-labelledby="script-roles">
      <header className="vox-editor-card__head">
        <h2 className="vox-editor-card__title" id="script-roles" tabIndex={-1}>
          Roles <span className="vox-chip vox-editor-card__count">{roles.length}</span>
        </h2>
        <p className="vox-meta vox-editor-card__hint">The characters readers claim in a table read.</p>
      </header>

      {roles.length === 0 ? (
        <p className="vox-meta vox-editor-roles__empty">No roles yet. Add the characters who speak.</p>
      ) : (
        <ul className="vox-stack vox-stack--close vox-editor-roles__list" aria-label="Roles">
          {roles.map((role) => (
            <RoleRow
              key={role.key}
              role={role}
              lines={usage.get(role.key) ?? 0}
              onRemove={() => {
                if (usage.get(role.key)) setRemoving(role);
                else store.removeRole(role.key, { kind: 'delete' });
              }}
            />
          ))}
        </ul>
      )}

      <form className="vox-editor-roles__add" onSubmit={add}>
        <TextField
          label="New role"
          placeholder="NELL"
          value={name}
          maxLength={SCRIPT_LIMITS.roleName}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" variant="secondary">
          Add role
        </Button>
      </form>

      {removing && (
        <RemoveRoleDialog
          role={removing}
          lines={usage.get(removing.key) ?? 0}
          others={roles.filter((r) => r.key !== removing.key)}
          onClose={() => setRemoving(null)}
          onRemove={(plan) => {
            store.removeRole(removing.key, plan);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

/**
 * One role. The name is committed when the field is left (or on Enter): every line shows it, and
 * a rename per keystroke would redraw all of them.
 */
function RoleRow({ role, lines, onRemove }: { role: EditorRole; lines: number; onRemove(): void }) {
  const { store, problem } = useEditor();
  const [name, setName] = useState(role.name);
  const [seen, setSeen] = useState(role.name);
  if (seen !== role.name) {
    // Changed from outside (an import, a save that tidied it): show the new name.
    setSeen(role.name);
    setName(role.name);
  }
  const local = roleNameProblem(store, name, role.key);
  const invalid = sameTarget(problem?.target, { kind: 'role', key: role.key }) || (local !== null && name !== role.name) || (local !== null && !role.name);
  const commit = () => {
    if (name !== role.name) store.updateRole(role.key, { name });
  };
  const label = role.name.trim() || 'unnamed role';

  return (
    <li className={cx('vox-editor-role', invalid && 'vox-editor-role--invalid')} data-role-key={role.key}>
      <div className="vox-editor-role__fields">
        <input
          className="vox-editor-role__name"
          aria-label={`Name of ${label}`}
          aria-invalid={invalid || undefined}
          value={name}
          maxLength={SCRIPT_LIMITS.roleName}
          onChange={(event) => setName(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <input
          className="vox-editor-role__description"
          aria-label={`Description of ${label}`}
          placeholder="Who they are, in a line"
          value={role.description}
          maxLength={SCRIPT_LIMITS.roleDescription}
          onChange={(event) => store.updateRole(role.key, { description: event.target.value })}
        />
        {local && name !== role.name && <p className="vox-editor-role__error">{local}</p>}
      </div>
      <span className="vox-editor-role__lines">{linesText(lines)}</span>
      <button type="button" className="vox-icon-button vox-editor-line__action vox-editor-line__action--danger" aria-label={`Remove ${label}`} title="Remove role" onClick={onRemove}>
        <TrashIcon width={18} height={18} />
      </button>
    </li>
  );
}

function RemoveRoleDialog({
  role,
  lines,
  others,
  onClose,
  onRemove,
}: {
  role: EditorRole;
  lines: number;
  others: EditorRole[];
  onClose(): void;
  onRemove(plan: RemoveRolePlan): void;
}) {
  const [choice, setChoice] = useState<RemoveRolePlan['kind']>(others.length > 0 ? 'reassign' : 'action');
  const [to, setTo] = useState(others[0]?.key ?? '');
  const name = role.name.trim() || 'This role';
  return (
    <Modal title={`Remove ${name}?`} description={`${name} speaks ${linesText(lines).toLowerCase()}. What should happen to them?`} onClose={onClose} size="md">
      <form
        className="vox-editor-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onRemove(choice === 'reassign' ? { kind: 'reassign', to } : { kind: choice });
        }}
      >
        <fieldset className="vox-editor-choices">
          <legend className="vox-visually-hidden">What happens to the lines</legend>
          {others.length > 0 && (
            <label className="vox-editor-choice">
              <input type="radio" name="remove-role" checked={choice === 'reassign'} onChange={() => setChoice('reassign')} />
              <span>
                <span className="vox-editor-choice__title">Give them to another role</span>
                <select
                  className="vox-editor-line__select"
                  aria-label="Role that takes the lines"
                  value={to}
                  onChange={(event) => {
                    setTo(event.target.value);
                    setChoice('reassign');
                  }}
                >
                  {others.map((other) => (
                    <option key={other.key} value={other.key}>
                      {other.name || 'Unnamed role'}
                    </option>
                  ))}
                </select>
              </span>
            </label>
          )}
          <label className="vox-editor-choice">
            <input type="radio" name="remove-role" checked={choice === 'action'} onChange={() => setChoice('action')} />
            <span>
              <span className="vox-editor-choice__title">Turn them into action lines</span>
              <span className="vox-editor-choice__hint">Their text stays in the script as narration.</span>
            </span>
          </label>
          <label className="vox-editor-choice">
            <input type="radio" name="remove-role" checked={choice === 'delete'} onChange={() => setChoice('delete')} />
            <span>
              <span className="vox-editor-choice__title">Delete them</span>
              <span className="vox-editor-choice__hint">Recorded takes of those lines go when you save.</span>
            </span>
          </label>
        </fieldset>
        <div className="vox-editor-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Remove role</Button>
        </div>
      </form>
    </Modal>
  );
}
