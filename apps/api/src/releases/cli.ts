import { main } from './commands';

// Entry of dist/apps/api/remotes.js (`npm run remotes -- ...`); the commands live in commands.ts
// so tests can run them in-process.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
