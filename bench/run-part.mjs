// Runs one part of the bench alone: node bench/run-part.mjs validation|client
import { createTable } from './table.mjs';

const part = process.argv[2];
const table = createTable();
if (part === 'validation') {
  const { benchValidation, printValidation } = await import('./validation.mjs');
  printValidation(await benchValidation(), table);
} else if (part === 'client') {
  const { benchClient, printClient } = await import('./client.mjs');
  printClient(await benchClient(), table);
}
table.print();
