import { useSyncExternalStore } from 'react';
import type { LineKind, Script, ScriptInput, ScriptLineInput, ScriptVisibility } from '@vox/contract';
import { normalizeFountainScript, type FountainScript } from '@vox/fountain';

/**
 * The editor's state, outside React: each line row subscribes to its own line, the lines list
 * to the order, the roles panel to the roles. Typing in one line of a long script re-renders
 * that line only. Objects are replaced, never changed, so a snapshot compares by identity.
 */

interface EditorHead {
  title: string;
  synopsis: string;
  genre: string;
  language: string;
  visibility: ScriptVisibility;
  isFree: boolean;
}

/** A role with a key of the editor's own, so renaming it keeps every line that names it. */
export interface EditorRole {
  key: string;
  name: string;
  description: string;
}

export interface EditorLine {
  /** The editor's key (stable through saves); `id` is the server's, null until first saved. */
  key: string;
  id: string | null;
  kind: LineKind;
  /** The role of a dialogue line. Kept when the kind changes, so switching back restores it. */
  roleKey: string | null;
  parenthetical: string;
  text: string;
}

export type RemoveRolePlan = { kind: 'reassign'; to: string } | { kind: 'action' } | { kind: 'delete' };

interface Baseline {
  head: EditorHead;
  roles: EditorRole[];
  order: string[];
  lines: Map<string, EditorLine>;
}

/** What a save sent, to tell on its answer which lines were changed meanwhile. */
interface SentScript {
  head: EditorHead;
  roles: EditorRole[];
  order: string[];
  lines: EditorLine[];
}

const NEW_SCRIPT_HEAD: EditorHead = {
  title: '',
  synopsis: '',
  genre: '',
  language: 'en',
  visibility: 'private',
  isFree: false,
};

let keyCounter = 0;
const newKey = (prefix: string) => `${prefix}${++keyCounter}`;

const sameHead = (a: EditorHead, b: EditorHead) =>
  a === b ||
  (a.title === b.title &&
    a.synopsis === b.synopsis &&
    a.genre === b.genre &&
    a.language === b.language &&
    a.visibility === b.visibility &&
    a.isFree === b.isFree);

const sameRoles = (a: EditorRole[], b: EditorRole[]) =>
  a === b || (a.length === b.length && a.every((r, i) => r.key === b[i].key && r.name === b[i].name && r.description === b[i].description));

/** Equal as the server would store them: narration has no role or parenthetical. */
const sameLine = (a: EditorLine | undefined, b: EditorLine | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.id === b.id &&
    a.kind === b.kind &&
    a.text === b.text &&
    (a.kind !== 'dialogue' || (a.roleKey === b.roleKey && a.parenthetical === b.parenthetical)));

function rolesFrom(names: Array<{ name: string; description: string }>, keys?: string[]): EditorRole[] {
  return names.map((role, i) => ({ key: keys?.[i] ?? newKey('role-'), name: role.name, description: role.description }));
}

function roleKeyOf(roles: EditorRole[], name: string | null): string | null {
  if (name === null) return null;
  const lower = name.toLowerCase();
  return roles.find((role) => role.name.toLowerCase() === lower)?.key ?? null;
}

function headOf(script: Script): EditorHead {
  return {
    title: script.title,
    synopsis: script.synopsis,
    genre: script.genre,
    language: script.language,
    visibility: script.visibility,
    isFree: script.isFree,
  };
}

export type EditorStore = ReturnType<typeof createEditorStore>;

export function createEditorStore(script: Script | null) {
  const listeners = new Set<() => void>();
  let scriptId = script?.id ?? null;
  let cover = script?.cover ?? null;
  let head: EditorHead = script ? headOf(script) : NEW_SCRIPT_HEAD;
  let roles: EditorRole[] = script ? rolesFrom(script.roles) : [];
  let order: string[] = [];
  const lines = new Map<string, EditorLine>();
  for (const line of script?.lines ?? []) {
    const key = line.id;
    order.push(key);
    lines.set(key, {
      key,
      id: line.id,
      kind: line.kind,
      roleKey: roleKeyOf(roles, line.role),
      parenthetical: line.parenthetical ?? '',
      text: line.text,
    });
  }
  let baseline: Baseline = { head, roles, order, lines: new Map(lines) };

  let version = 0;
  let dirtyAt = -1;
  let dirty = false;
  let usageAt = -1;
  let usage = new Map<string, number>();
  let options: Array<{ key: string; name: string }> = [];

  const changed = () => {
    version++;
    for (const listener of [...listeners]) listener();
  };

  const computeDirty = () =>
    !sameHead(head, baseline.head) ||
    !sameRoles(roles, baseline.roles) ||
    order.length !== baseline.order.length ||
    order.some((key, i) => key !== baseline.order[i] || !sameLine(lines.get(key), baseline.lines.get(key)));

  const store = {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getScriptId: () => scriptId,
    getCover: () => cover,
    getHead: () => head,
    getRoles: () => roles,
    getOrder: () => order,
    getLine: (key: string) => lines.get(key),
    /** Unsaved changes against what the server has (or against an empty new script). */
    isDirty() {
      if (dirtyAt !== version) {
        dirty = computeDirty();
        dirtyAt = version;
      }
      return dirty;
    },
    /** How many dialogue lines each role speaks (the same Map while the counts stay the same). */
    getRoleUsage() {
      if (usageAt !== version) {
        const next = new Map<string, number>();
        for (const key of order) {
          const line = lines.get(key);
          if (line?.kind === 'dialogue' && line.roleKey) next.set(line.roleKey, (next.get(line.roleKey) ?? 0) + 1);
        }
        const same = next.size === usage.size && [...next].every(([k, n]) => usage.get(k) === n);
        if (!same) usage = next;
        usageAt = version;
      }
      return usage;
    },
    /**
     * The roles a line can pick, by key and name: the same array while keys and names stay the
     * same, so typing a role's description does not re-render every line.
     */
    getRoleOptions() {
      const same = options.length === roles.length && roles.every((r, i) => options[i].key === r.key && options[i].name === r.name);
      if (!same) options = roles.map(({ key, name }) => ({ key, name }));
      return options;
    },
    /** Index of a line in the script, -1 when gone. */
    indexOf: (key: string) => order.indexOf(key),

    setHead(patch: Partial<EditorHead>) {
      head = { ...head, ...patch };
      changed();
    },

    addRole(name: string, description = ''): string {
      const key = newKey('role-');
      roles = [...roles, { key, name, description }];
      changed();
      return key;
    },
    updateRole(key: string, patch: Partial<Omit<EditorRole, 'key'>>) {
      roles = roles.map((role) => (role.key === key ? { ...role, ...patch } : role));
      changed();
    },
    /** Removes a role; the lines it speaks go to another role, become action, or go too. */
    removeRole(key: string, plan: RemoveRolePlan) {
      roles = roles.filter((role) => role.key !== key);
      const speaks = (line: EditorLine | undefined) => line?.kind === 'dialogue' && line.roleKey === key;
      if (plan.kind === 'delete') {
        order = order.filter((lineKey) => {
          if (!speaks(lines.get(lineKey))) return true;
          lines.delete(lineKey);
          return false;
        });
      } else {
        for (const lineKey of order) {
          const line = lines.get(lineKey) as EditorLine;
          if (speaks(line)) {
            lines.set(
              lineKey,
              plan.kind === 'reassign' ? { ...line, roleKey: plan.to } : { ...line, kind: 'action', roleKey: null, parenthetical: '' },
            );
          } else if (line.roleKey === key) {
            // A narration line remembering the role (for a switch back) forgets it.
            lines.set(lineKey, { ...line, roleKey: null });
          }
        }
      }
      changed();
    },

    updateLine(key: string, patch: Partial<Omit<EditorLine, 'key' | 'id'>>) {
      const line = lines.get(key);
      if (!line) return;
      lines.set(key, { ...line, ...patch });
      changed();
    },
    /** Adds a line at `index` (the end when omitted) and answers its key. */
    insertLine(index: number | undefined, line: Partial<Omit<EditorLine, 'key' | 'id'>> & { kind: LineKind }): string {
      const key = newKey('line-');
      lines.set(key, { key, id: null, roleKey: null, parenthetical: '', text: '', ...line });
      const at = index === undefined ? order.length : Math.max(0, Math.min(index, order.length));
      order = [...order.slice(0, at), key, ...order.slice(at)];
      changed();
      return key;
    },
    /** Removes a line and answers it with its place, for Undo. */
    removeLine(key: string): { line: EditorLine; index: number } | null {
      const index = order.indexOf(key);
      const line = lines.get(key);
      if (index < 0 || !line) return null;
      order = order.filter((k) => k !== key);
      lines.delete(key);
      changed();
      return { line, index };
    },
    restoreLine(line: EditorLine, index: number) {
      if (lines.has(line.key)) return;
      // Its role may have gone meanwhile.
      const restored = line.roleKey && !roles.some((r) => r.key === line.roleKey) ? { ...line, roleKey: null } : line;
      lines.set(line.key, restored);
      const at = Math.max(0, Math.min(index, order.length));
      order = [...order.slice(0, at), line.key, ...order.slice(at)];
      changed();
    },
    /** Moves a line to `index` (its place in the script after the move). */
    moveLine(key: string, index: number) {
      const from = order.indexOf(key);
      const to = Math.max(0, Math.min(index, order.length - 1));
      if (from < 0 || from === to) return;
      const next = order.filter((k) => k !== key);
      next.splice(to, 0, key);
      order = next;
      changed();
    },

    /** Import: the screenplay's roles and lines replace ours; its title and details replace ours where it has them. */
    replaceContent(imported: FountainScript) {
      const script = normalizeFountainScript(imported);
      head = {
        ...head,
        title: script.title || head.title,
        synopsis: script.synopsis || head.synopsis,
        genre: script.genre || head.genre,
        language: script.language || head.language,
      };
      roles = rolesFrom(script.roles);
      lines.clear();
      order = script.lines.map((line) => {
        const key = newKey('line-');
        lines.set(key, {
          key,
          id: null,
          kind: line.kind,
          roleKey: roleKeyOf(roles, line.role),
          parenthetical: line.parenthetical ?? '',
          text: line.text,
        });
        return key;
      });
      changed();
    },

    /** The script as Fountain would carry it, in the form the editor saves. */
    toFountainScript(): FountainScript {
      const nameOf = new Map(roles.map((role) => [role.key, role.name]));
      return normalizeFountainScript({
        title: head.title,
        synopsis: head.synopsis,
        genre: head.genre,
        language: head.language,
        roles: roles.map(({ name, description }) => ({ name, description })),
        lines: order.map((key) => {
          const line = lines.get(key) as EditorLine;
          return {
            kind: line.kind,
            role: line.kind === 'dialogue' && line.roleKey ? (nameOf.get(line.roleKey) ?? null) : null,
            parenthetical: line.parenthetical,
            text: line.text,
          };
        }),
      });
    },

    /** What Save sends (POST or PUT), and what it was made from. */
    toInput(): { input: ScriptInput; sent: SentScript } {
      const script = store.toFountainScript();
      const sentLines = order.map((key) => lines.get(key) as EditorLine);
      const input: ScriptInput = {
        title: script.title,
        synopsis: script.synopsis,
        genre: script.genre,
        language: script.language,
        visibility: head.visibility,
        isFree: head.isFree,
        roles: script.roles,
        lines: script.lines.map((line, i): ScriptLineInput => {
          const id = sentLines[i].id;
          return { ...(id ? { id } : {}), kind: line.kind, role: line.role, parenthetical: line.parenthetical, text: line.text };
        }),
      };
      return { input, sent: { head, roles, order, lines: sentLines } };
    },

    /**
     * The server's answer to a save becomes the new baseline. What was not touched while the
     * save ran takes the saved form (ids for new lines, trimmed texts); what was touched meanwhile
     * stays as typed, and so stays unsaved.
     */
    applySaved(saved: Script, sent: SentScript) {
      scriptId = saved.id;
      cover = saved.cover;
      if (saved.lines.length !== sent.order.length || saved.roles.length !== sent.roles.length) {
        // Not the answer to what we sent (it cannot happen with this server): start from it.
        store.reset(saved);
        return;
      }
      const savedHead = headOf(saved);
      const savedRoles = rolesFrom(
        saved.roles,
        sent.roles.map((role) => role.key),
      );
      const savedLines = new Map<string, EditorLine>();
      saved.lines.forEach((line, i) => {
        const key = sent.order[i];
        savedLines.set(key, {
          key,
          id: line.id,
          kind: line.kind,
          roleKey: roleKeyOf(savedRoles, line.role),
          parenthetical: line.parenthetical ?? '',
          text: line.text,
        });
      });
      baseline = { head: savedHead, roles: savedRoles, order: sent.order, lines: savedLines };

      if (head === sent.head) head = savedHead;
      if (roles === sent.roles) roles = savedRoles;
      sent.order.forEach((key, i) => {
        const current = lines.get(key);
        const done = savedLines.get(key) as EditorLine;
        if (current === sent.lines[i]) lines.set(key, done);
        else if (current && current.id !== done.id) lines.set(key, { ...current, id: done.id });
      });
      changed();
    },

    /** Starts over from the server's script (keys become the line ids). */
    reset(saved: Script) {
      const fresh = createEditorStore(saved);
      scriptId = saved.id;
      cover = saved.cover;
      head = fresh.getHead();
      roles = fresh.getRoles();
      order = fresh.getOrder();
      lines.clear();
      for (const key of order) lines.set(key, fresh.getLine(key) as EditorLine);
      baseline = { head, roles, order, lines: new Map(lines) };
      changed();
    },

    setCover(next: string | null) {
      cover = next;
      changed();
    },
  };
  return store;
}

/** A slice of the editor store; the component re-renders only when that slice changes. */
export function useEditorValue<T>(store: EditorStore, select: () => T): T {
  return useSyncExternalStore(store.subscribe, select, select);
}
