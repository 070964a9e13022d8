// `npm run bench`: every figure of the performance issue, each with its spread, what it is
// compared with in the same run, its target and MET or MISSED, then the growth curves.
// `npm run -s bench -- --json` prints the same rows as JSON (progress goes to stderr).
import { benchChangeBins, changeBinsRows } from './changeBins.mjs';
import { benchClient, clientRows } from './client.mjs';
import { benchCollectionCheck, collectionCheckRows } from './collectionCheck.mjs';
import { createReport } from './report.mjs';
import { benchStartup, startupRows } from './startup.mjs';
import { benchValidation, validationRows } from './validation.mjs';

const json = process.argv.includes('--json');
const log = json ? (...args) => console.error(...args) : (...args) => console.log(...args);

const started = Date.now();
log('Measuring in code-server…');
const startup = await benchStartup(log);
log('Measuring schema diagnostics…');
const validation = await benchValidation();
log('Measuring the client…');
const client = await benchClient();
log('Measuring Validate Collection…');
const collectionCheck = await benchCollectionCheck();
log('Measuring Change Bins…');
const changeBins = await benchChangeBins();

const report = createReport();
validationRows(validation, report);
startupRows(startup, report);
clientRows(client, report);
collectionCheckRows(collectionCheck, report);
changeBinsRows(changeBins, report);
if (json) {
  console.log(report.json());
} else {
  report.print();
}
log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s (node ${process.version}, ${process.platform} ${process.arch})`);
