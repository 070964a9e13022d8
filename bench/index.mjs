// `npm run bench`: every figure of the benchmark issue, each beside what it is compared with,
// measured in one run on this machine, printed as one table.
import { benchClient, printClient } from './client.mjs';
import { benchStartup, printStartup } from './startup.mjs';
import { createTable } from './table.mjs';
import { benchValidation, printValidation } from './validation.mjs';

const started = Date.now();
const table = createTable();
console.log('Measuring start-up and scale in code-server…');
const startup = await benchStartup();
console.log('Measuring schema diagnostics…');
const validation = await benchValidation();
console.log('Measuring client overhead…');
const client = await benchClient();
printValidation(validation, table);
printClient(client, table);
printStartup(startup, table);
table.print();
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s (node ${process.version}, ${process.platform} ${process.arch})`);
