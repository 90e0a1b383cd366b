import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A secret from the environment, or generated once into DATA_DIR/secrets.json and reused,
 * so a fresh install needs no set-up and restarts keep sessions valid.
 */
export function loadSecret(dataDir: string, name: string, envValue: string | undefined): string {
  if (envValue) return envValue;
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  let secrets: Record<string, string> = {};
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!secrets[name]) {
    secrets[name] = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}
