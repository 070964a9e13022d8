// `npm run bench`: every figure of the performance issue, each with its spread, what it is
// compared with in the same run, its target and MET or MISSED, then the growth curves.
// `npm run -s bench -- --json` prints the same rows as JSON (progress goes to stderr).
// `npm run bench -- --only <section>[,<section>…]` measures some sections (names below).
import { benchChangeBins, changeBinsRows } from './changeBins.mjs';
import { benchClient, clientRows } from './client.mjs';
import { benchCollectionCheck, collectionCheckRows } from './collectionCheck.mjs';
import { benchExtensionHost, HOST_PARTS } from './extensionHost.mjs';
import { extensionHostRows } from './hostRows.mjs';
import { benchLoading, loadingRows } from './loading.mjs';
import { createReport } from './report.mjs';
import { benchValidation, validationRows } from './validation.mjs';

/** Each section: what it measures, and its rows; the parts in code-server share their runs. */
const SECTIONS = {
  validation: { title: 'schema diagnostics', measure: () => benchValidation(), rows: validationRows },
  loading: { title: 'what activation loads', measure: () => benchLoading(), rows: loadingRows },
  ...Object.fromEntries(HOST_PARTS.map((part) => [part, { host: true }])),
  client: { title: 'the client', measure: () => benchClient(), rows: clientRows },
  collection: { title: 'Validate Collection', measure: () => benchCollectionCheck(), rows: collectionCheckRows },
  change: { title: 'Change Bins', measure: () => benchChangeBins(), rows: changeBinsRows },
};

const json = process.argv.includes('--json');
const log = json ? (...args) => console.error(...args) : (...args) => console.log(...args);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? Object.keys(SECTIONS) : (process.argv[onlyAt + 1] ?? '').split(',');
const unknown = only.filter((name) => !SECTIONS[name]);
if (unknown.length || only.length === 0) {
  console.error(`unknown section: ${unknown.join(', ') || '(none)'}; sections: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const report = createReport();
const hostParts = HOST_PARTS.filter((part) => only.includes(part));
for (const name of only) {
  const section = SECTIONS[name];
  if (section.host) {
    if (name !== hostParts[0]) continue;
    log(`Measuring in code-server: ${hostParts.join(', ')}…`);
    extensionHostRows(await benchExtensionHost(log, hostParts), report);
  } else {
    log(`Measuring ${section.title}…`);
    section.rows(await section.measure(), report);
  }
}
if (json) {
  console.log(report.json());
} else {
  report.print();
}
log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s (node ${process.version}, ${process.platform} ${process.arch})`);
