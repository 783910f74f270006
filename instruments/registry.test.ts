// The registries' loader: which files of a folder are modules, each module's default export named after its path,
// and a module that exports no instrument stopping the load with its file name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { foldersIn, load, modulesIn, type Instrument } from './registry.ts';

/** A folder with `files` (path → text), removed after `fn`. */
async function withFolder(files: Record<string, string>, fn: (dir: URL) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'registry-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    await fn(pathToFileURL(`${dir}/`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const instrument = (description: string) => `export default { description: '${description}', apply() {} };\n`;

test('the modules of a folder: no tests, no declarations, no other files; sub-folders apart', async () => {
  await withFolder(
    {
      'b.ts': instrument('b'),
      'a.ts': instrument('a'),
      'a.test.ts': '',
      'a.d.ts': '',
      'notes.md': '',
      'area/c.ts': instrument('c'),
    },
    async (dir) => {
      assert.deepEqual(modulesIn(dir), ['a', 'b']);
      assert.deepEqual(foldersIn(dir), ['area']);
    },
  );
});

test("each instrument is named by `make` from its path, in the paths' order", async () => {
  await withFolder({ 'area/c.ts': instrument('see'), 'd.ts': instrument('dee') }, async (dir) => {
    const loaded = await load(dir, ['area/c', 'd'], (path, i: Instrument & { description: string }) => ({
      name: path.replace('/', '.'),
      description: i.description,
    }));
    assert.deepEqual(loaded, [
      { name: 'area.c', description: 'see' },
      { name: 'd', description: 'dee' },
    ]);
  });
});

test('a module whose default export is not an instrument stops the load, naming its file', async () => {
  await withFolder({ 'helper.ts': 'export const x = 1;\n' }, async (dir) => {
    await assert.rejects(
      load(dir, ['helper'], (_path, i) => i),
      /helper\.ts: its default export is not an instrument/,
    );
  });
});
