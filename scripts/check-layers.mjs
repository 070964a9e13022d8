// Fails the build when an import runs against the layout CONTRIBUTING.md's Layout section maps:
// each layer imports only itself and the layers below it, the core imports no `vscode` (it must
// run, and be tested, in plain Node), and no file imports itself through others (no cycle).
// Over the core, three front ends: the extension (VS Code), the command line and the MCP server
// (Node: they may import `node:` modules, never `vscode`). No front end imports another, but the
// command line starts the MCP server (`jsonbin mcp`).
// Inside the features the same holds by FEATURE_LEVELS: a feature folder imports its own files
// and the levels below it, never another folder of its level or one above (so no two folders
// import each other).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** From the bottom up; a file belongs to the first layer one of whose places its path starts with. */
const LAYERS = [
  { name: 'platform', places: ['src/platform/'], core: true },
  { name: 'service client', places: ['src/core/api/'], core: true },
  { name: 'validation', places: ['src/core/schema/'], core: true },
  { name: 'store', places: ['src/core/store/'], core: true },
  { name: 'session', places: ['src/core/session.ts'], core: true },
  // A new folder of the core (the tools the front ends share) sits over the session, still without vscode.
  { name: 'core', places: ['src/core/'], core: true },
  {
    name: 'VS Code adapters',
    places: ['src/extension/config.ts', 'src/extension/accounts/', 'src/extension/fs/', 'src/extension/ui/', 'src/extension/commands/'],
  },
  { name: 'features', places: ['src/extension/features/'] },
  {
    name: 'wiring',
    places: ['src/extension/accountParts.ts', 'src/extension/extension.ts', 'src/extension/starts.ts', 'src/extension/window.ts', 'src/extension/api.ts'],
  },
  { name: 'Node front ends', places: ['src/cli/', 'src/mcp/'] },
];
/** The front ends over the core; `node`: it runs in Node alone, and may import its modules (never `vscode`). */
const FRONT_ENDS = [
  { name: 'the extension', place: 'src/extension/', imports: [] },
  { name: 'the command line', place: 'src/cli/', node: true, imports: ['src/mcp/'] },
  { name: 'the MCP server', place: 'src/mcp/', node: true, imports: [] },
];
const frontEndOf = (file) => FRONT_ENDS.find((f) => file.startsWith(f.place));
/**
 * Inside src/extension/features/, from the bottom up: the view's rows, which the others show into; the
 * features' shared files (every file directly in src/extension/features/ but the two that gather them all);
 * the folders that others build on (a bin's tabs; the offline copies); the other features; the
 * language model tools, which call on them; what registers every command and gathers the handlers. A place is a folder (`tree/`) or a file.
 */
const FEATURE_LEVELS = [
  { name: 'the view', places: ['tree/'] },
  { name: "the features' shared files", places: ['*.ts'] },
  { name: 'what features build on', places: ['bins/', 'links/', 'offline/'] },
  {
    name: 'features',
    places: ['changeBins/', 'definitions/', 'find/', 'manageAccounts/', 'peek/', 'schemaDocs/', 'share/', 'table/', 'transfer/', 'versions/'],
  },
  { name: "the agents' tools", places: ['chat/'] },
  { name: 'the gatherers', places: ['commands.ts', 'handlers.ts'] },
];
const FEATURES = 'src/extension/features/';
/** The hosts' sides of the platform: the Node one, the browser one. */
const HOST_SIDES = ['src/platform/node/', 'src/platform/web/'];
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

const layerOf = (file) => LAYERS.findIndex((l) => l.places.some((p) => file === p || file.startsWith(p)));

/** A features file's place (its folder, or for a file directly in src/extension/features/ its level) and level; undefined outside. */
function featurePlace(file) {
  if (!file.startsWith(FEATURES)) {
    return undefined;
  }
  const rest = file.slice(FEATURES.length);
  const shared = FEATURE_LEVELS.findIndex((l) => l.places.includes('*.ts'));
  const slash = rest.indexOf('/');
  const name = slash < 0 ? rest : rest.slice(0, slash + 1);
  const named = FEATURE_LEVELS.findIndex((l) => l.places.includes(name));
  const level = named >= 0 || slash >= 0 ? named : shared;
  return { place: slash < 0 ? FEATURE_LEVELS[level].name : name, level };
}
const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join('src', f));

function resolve(from, specifier) {
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

const problems = [];
const imports = new Map();
for (const file of files) {
  const layer = layerOf(file);
  if (layer < 0) {
    problems.push(`${file} is in no layer: add its place to scripts/check-layers.mjs and CONTRIBUTING.md's map`);
    continue;
  }
  if (featurePlace(file)?.level < 0) {
    problems.push(`${file} is in no level of src/extension/features/: add its folder to FEATURE_LEVELS in scripts/check-layers.mjs and CONTRIBUTING.md's map`);
  }
  const text = readFileSync(file, 'utf8');
  const targets = [];
  for (const [, specifier] of text.matchAll(IMPORT)) {
    const frontEnd = frontEndOf(file);
    if (specifier === 'vscode' && LAYERS[layer].core) {
      problems.push(`${file} imports vscode, but ${LAYERS[layer].name} is part of the vscode-free core`);
    }
    if (specifier === 'vscode' && frontEnd?.node) {
      problems.push(`${file} imports vscode, but ${frontEnd.name} runs in Node alone`);
    }
    // Only the platform's Node side (and the Node front ends) may use Node itself (or undici): the browser build has neither.
    if ((specifier.startsWith('node:') || specifier === 'undici') && !file.startsWith(HOST_SIDES[0]) && !frontEnd?.node) {
      problems.push(`${file} imports ${specifier}: only ${HOST_SIDES[0]} may, behind the platform interface (src/platform/)`);
    }
    const target = specifier.startsWith('.') ? resolve(file, specifier) : undefined;
    if (!target) {
      continue;
    }
    targets.push(target);
    const other = frontEndOf(target);
    if (frontEnd && other && other !== frontEnd && !frontEnd.imports.includes(other.place)) {
      problems.push(`${file} (${frontEnd.name}) imports ${target} (${other.name}): no front end imports another`);
    }
    // The host is chosen when the bundle is built: only the platform's index names a host's side.
    if (HOST_SIDES.some((side) => target.startsWith(side)) && !file.startsWith('src/platform/')) {
      problems.push(`${file} imports ${target}: import the platform (src/platform/index.ts) instead of a host's side`);
    }
    if (layerOf(target) > layer) {
      problems.push(`${file} (${LAYERS[layer].name}) imports ${target} (${LAYERS[layerOf(target)].name}), a layer above it`);
    }
    const [from, to] = [featurePlace(file), featurePlace(target)];
    if (from?.level >= 0 && to?.level >= 0 && from.place !== to.place && to.level >= from.level) {
      const where = to.level > from.level ? 'a level above it' : 'another folder of its level';
      problems.push(
        `${file} (${FEATURE_LEVELS[from.level].name}) imports ${target} (${FEATURE_LEVELS[to.level].name}), ${where} inside src/extension/features/`,
      );
    }
  }
  imports.set(file, targets);
}

// Cycles, by depth-first search over every import, types included.
const state = new Map();
function visit(file, path) {
  if (state.get(file) === 'done') {
    return;
  }
  if (state.get(file) === 'open') {
    problems.push(`import cycle: ${[...path.slice(path.indexOf(file)), file].map((f) => relative('src', f)).join(' -> ')}`);
    return;
  }
  state.set(file, 'open');
  for (const target of imports.get(file) ?? []) {
    visit(target, [...path, file]);
  }
  state.set(file, 'done');
}
files.forEach((file) => visit(file, []));

if (problems.length > 0) {
  console.error(`check:layers:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check:layers: ${files.length} files in ${LAYERS.length} layers, every import downward, no cycle; ${LAYERS.filter((l) => l.core)
    .map((l) => l.places.join(' '))
    .join(
      ' ',
    )} import no vscode; front ends ${FRONT_ENDS.map((f) => f.place).join(' ')} import no other (but src/cli/ → src/mcp/), src/cli/ src/mcp/ no vscode; src/extension/features/ in ${FEATURE_LEVELS.length} levels, no folder importing one of its level or above`,
);
