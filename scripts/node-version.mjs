// Loaded first by every npm script that runs TypeScript (`node --import ./scripts/node-version.mjs …`, package.json),
// before Node reads the script: plain JavaScript, so that it runs on any Node. The scripts need the Node 24 that the
// `node` devDependency installs (type stripping, node:sqlite); on an older one, one line says so instead of Node's
// ERR_UNKNOWN_FILE_EXTENSION ".ts" (it happens when `npm ci --ignore-scripts` skips that package's install script).
const NEEDED = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < NEEDED) {
  console.error(
    `This script needs Node.js ${NEEDED} or later, and ${process.execPath} is ${process.version}: run \`npm rebuild node\` ` +
      `(or \`npm ci\` without --ignore-scripts) to install the Node ${NEEDED} this project pins, or put Node ${NEEDED} first on PATH.`,
  );
  process.exit(1);
}
