// Runs one part of the bench alone: node bench/run-part.mjs validation|client|startup|collection|change
import { createReport } from './report.mjs';

const PARTS = {
  validation: ['./validation.mjs', 'benchValidation', 'validationRows'],
  client: ['./client.mjs', 'benchClient', 'clientRows'],
  startup: ['./startup.mjs', 'benchStartup', 'startupRows'],
  collection: ['./collectionCheck.mjs', 'benchCollectionCheck', 'collectionCheckRows'],
  change: ['./changeBins.mjs', 'benchChangeBins', 'changeBinsRows'],
};
const part = PARTS[process.argv[2]];
if (!part) {
  console.error(`usage: node bench/run-part.mjs ${Object.keys(PARTS).join('|')}`);
  process.exit(2);
}
const [file, measure, rows] = part;
const module = await import(file);
const report = createReport();
module[rows](await module[measure](console.log), report);
report.print();
