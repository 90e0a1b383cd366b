import fs from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration, type Stats } from 'webpack';
import { parseFile } from 'music-metadata';
import apiWebpackConfig from '../../webpack.config.cjs';
import type * as Renderer from '../../src/services/read-renders/read-renderer';
import { LINE_GAP_MS } from '../../src/services/read-renders/render-types';

/**
 * What members run is the webpack bundle (dist/apps/api/main.js), not the TypeScript the other
 * renderer tests load: a call the bundler cannot follow once compiled `createRequire(__filename)`
 * to `undefined`, so every synthesized read failed in the built app while the source passed.
 * Here the renderer is bundled with the API's own webpack config and the synthesized read is
 * rendered through that bundle; and that config fails on any warning.
 */

const workspace = path.resolve(__dirname, '../../../..');
// Inside the workspace, as dist/apps/api is: the bundle's packages resolve from its node_modules.
const out = path.join(workspace, 'tmp', `jest-bundled-renderer-${process.pid}`);

function bundle(entry: Record<string, string>): Promise<Stats> {
  // The API's own config, with another entry and output folder.
  const config = (apiWebpackConfig as (env: unknown, argv: { mode: string }) => Configuration)(undefined, { mode: 'production' });
  const compiler = webpack({ ...config, entry, devtool: false, output: { ...config.output, path: out } });
  return new Promise((resolve, reject) =>
    compiler.run((err, stats) => compiler.close(() => (err || !stats ? reject(err ?? new Error('no stats')) : resolve(stats)))),
  );
}

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

test('the bundled renderer reads lines without a take with the synthesized voice', async () => {
  const stats = await bundle({ renderer: './src/services/read-renders/read-renderer.ts' });
  expect(stats.toJson({ all: false, errors: true, warnings: true })).toMatchObject({ errors: [], warnings: [] });
  // The bundle, not the source: loaded by Node from the output folder.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file built at run time
  const bundled = require(path.join(out, 'renderer.js')) as typeof Renderer;
  expect(fs.readFileSync(path.join(out, 'renderer.js'), 'utf8')).not.toContain('createRequire');

  const work = path.join(out, 'work');
  const result = await bundled.renderRead(
    {
      title: 'The Last Bus',
      language: 'en',
      lines: [
        { id: 'l1', kind: 'dialogue', role: 'MAYA', text: 'Is this the last bus?', takeKey: null, actor: null },
        { id: 'l2', kind: 'dialogue', role: 'TOM', text: 'It always is.', takeKey: null, actor: null },
      ],
      cues: [],
      fill: 'speech',
    },
    { open: async () => undefined, workDir: work },
  );
  expect(result.segments.map((s) => [s.lineId, s.source])).toEqual([
    ['l1', 'speech'],
    ['l2', 'speech'],
  ]);
  // Each line is spoken for at least half a second; the track is the lines, the lead, one gap and the tail.
  for (const s of result.segments) expect(s.endMs - s.startMs).toBeGreaterThan(500);
  const spokenMs = result.segments.reduce((sum, s) => sum + s.endMs - s.startMs, 0);
  expect(Math.abs(result.durationMs - (spokenMs + 300 + LINE_GAP_MS + 500))).toBeLessThan(2);
  const seconds = (await parseFile(result.file, { duration: true })).format.duration ?? 0;
  expect(Math.abs(seconds * 1000 - result.durationMs)).toBeLessThan(100);
}, 120_000);

test("the API's webpack config fails the build on a warning", async () => {
  const stats = await bundle({ fixture: './test/fixtures/bundle-warnings.ts' });
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  expect(warnings).toEqual([]);
  expect((errors ?? []).map((e) => e.message.split('\n')[0])).toEqual(
    expect.arrayContaining(['module.createRequire failed parsing argument.', 'Critical dependency: the request of a dependency is an expression']),
  );
  expect(stats.hasErrors()).toBe(true);
}, 120_000);
