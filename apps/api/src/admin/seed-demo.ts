import fs from 'node:fs';
import path from 'node:path';
import { Compile } from 'typebox/compile';
import { ScriptInput, type Script } from '@vox/contract/schemas';
import { parseFountain } from '@vox/fountain';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { createAudioStore } from '../repositories/audio-store';
import { accountByHandle, scriptTitles, setBio } from '../repositories/first-hour';
import { checkedScript } from '../services/scripts/scripts';
import { createStorage } from '../plugins/app/storage';
import { loadScript, saveScript, type NormalizedScript } from '../repositories/scripts';
import { createRolesRepository } from '../repositories/roles';
import { createUsersRepository } from '../repositories/users';
import { seedDemoRead, type DemoReadOptions } from './demo-read';

/**
 * `npm run seed:demo` (never run automatically): a few public-domain scenes, public and free,
 * owned by a VoxClub system account, so a new install has real scripts to read. Running it
 * again changes nothing, or brings the scenes up to date with the files (keeping line ids, so
 * takes recorded on them stay). The scenes are Fountain files in ./demo-scenes. The shortest
 * scene gets a finished read, synthesized here (./demo-read.ts), that the front door plays.
 */

/** The system account's handle (reserved: no member can choose it). */
export const DEMO_HANDLE = 'voxclub';
const DEMO_NAME = 'VoxClub';
const DEMO_BIO = 'Public-domain scenes to read together: pick one, claim a role, share the link.';

const scriptInput = Compile(ScriptInput);

/**
 * Where the scene files are: beside this file when run from source (tests), and in the
 * repository when run from the bundle (dist/apps/api/admin.js keeps the source tree's layout
 * three levels up). DEMO_SCENES_DIR overrides both.
 */
export function findScenesDir(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    env.DEMO_SCENES_DIR,
    path.join(__dirname, 'demo-scenes'),
    path.resolve(__dirname, '../../../apps/api/src/admin/demo-scenes'),
    path.resolve(process.cwd(), 'apps/api/src/admin/demo-scenes'),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.fountain')));
  if (!found) throw new Error(`No demo scenes found (looked in ${candidates.join(', ')}).`);
  return found;
}

/** A scene file as the script it becomes: public, free, checked against the contract's limits. */
export function readScene(file: string): NormalizedScript {
  const parsed = parseFountain(fs.readFileSync(file, 'utf8'));
  const input: ScriptInput = { ...parsed, visibility: 'public', isFree: true };
  if (!scriptInput.Check(input)) {
    const [first] = scriptInput.Errors(input);
    throw new Error(`${path.basename(file)}: ${first?.instancePath ?? ''} ${first?.message ?? 'does not fit the script limits'}`);
  }
  return checkedScript(input);
}

/** The VoxClub system account (no email, no password: nobody signs in as it), made once. */
async function systemUser(db: Db): Promise<{ id: string; created: boolean }> {
  const users = createUsersRepository(db, createRolesRepository(db));
  const existing = await accountByHandle(db, DEMO_HANDLE);
  if (existing) {
    if (existing.email || existing.login_id || existing.password_hash || existing.ms_oid) {
      throw new Error(`The handle "${DEMO_HANDLE}" belongs to a member's account; the demo scenes need it for the VoxClub system account.`);
    }
    return { id: existing.id, created: false };
  }
  const user = await users.create({ email: null, passwordHash: null, name: DEMO_NAME, handle: DEMO_HANDLE });
  await setBio(db, user.id, DEMO_BIO);
  return { id: user.id, created: true };
}

const sameContent = (script: Script, scene: NormalizedScript) =>
  JSON.stringify([script.title, script.synopsis, script.genre, script.language, script.visibility, script.isFree, script.roles, script.lines.map(({ id: _id, ...line }) => line)]) ===
  JSON.stringify([scene.title, scene.synopsis, scene.genre, scene.language, scene.visibility, scene.isFree, scene.roles, scene.lines]);

/** Runs the command with the server's settings (`env`); answers the exit code. */
export async function seedDemo(db: Db, out: (line: string) => void, env: NodeJS.ProcessEnv = process.env, options: DemoReadOptions = {}): Promise<number> {
  const scenesDir = findScenesDir(env);
  const config = loadConfig(env);
  const audio = createAudioStore(db, config.dataDir, createStorage(config));
  const files = fs
    .readdirSync(scenesDir)
    .filter((f) => f.endsWith('.fountain'))
    .sort();
  // Read every scene first: a broken file stops the command before anything is written.
  const scenes = files.map((file) => readScene(path.join(scenesDir, file)));
  const owner = await systemUser(db);
  if (owner.created) out(`Created the system account ${DEMO_NAME} (@${DEMO_HANDLE}).`);
  const mine = await scriptTitles(db, owner.id);
  for (const scene of scenes) {
    const existingId = mine.find((s) => s.title === scene.title)?.id;
    const existing = existingId ? await loadScript(db, existingId, owner.id) : undefined;
    const summary = `${scene.title} (${scene.roles.length} roles, ${scene.lines.length} lines)`;
    if (existing && sameContent(existing, scene)) {
      out(`Up to date: ${summary}`);
      continue;
    }
    // Lines keep their ids by position, so takes already recorded on a scene stay with it.
    const lines = scene.lines.map((line, i) => ({ ...line, id: existing?.lines[i]?.id }));
    const { droppedAudio } = await saveScript(db, owner.id, { ...scene, lines }, existing?.id);
    await audio.prune(droppedAudio);
    out(`${existing ? 'Updated' : 'Added'}: ${summary}`);
  }
  out(await seedDemoRead(db, { id: owner.id, handle: DEMO_HANDLE }, audio, options));
  out(`${scenes.length} public, free demo scenes by ${DEMO_NAME} (@${DEMO_HANDLE}) are ready to read.`);
  return 0;
}
