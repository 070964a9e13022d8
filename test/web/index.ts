/**
 * The web part of the integration suite: VS Code's web worker extension host loads this file (one
 * CommonJS bundle with mocha, built by the runner) and calls `run()`. The tests are required only
 * after mocha has set up `describe` and `it`.
 */
import type MochaType from 'mocha';

/** The runner shows only lines with this prefix among everything the workbench logs. */
const SUITE_MARK = '[suite] ';

export async function run(): Promise<void> {
  // Mocha's browser build (no types of its own): it sets up a global `mocha` and `Mocha`, and no `process`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('mocha/mocha.js');
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(SUITE_MARK + format(args));
  // JSONBIN_GREP runs the matching tests only, when working on them (the runner writes it in).
  mocha.setup({ ui: 'bdd', reporter: Mocha.reporters.Spec, timeout: 30_000, color: false, grep: process.env.JSONBIN_GREP || undefined });
  // The pseudo-language's part runs alone, in a VS Code started in it (the runner's --pseudo-locale).
  if (process.env.JSONBIN_PSEUDO_LOCALE) {
    await import('./pseudoLocale.test.js');
  } else {
    await import('./host.test.js');
    await import('./bins.test.js');
    await import('./schema.test.js');
    await import('./chat.test.js');
    await import('./offline.test.js');
    await import('./accounts.test.js');
    await import('./sync.test.js');
    await import('./links.test.js');
    await import('./table.test.js');
    await import('./definitions.test.js');
    await import('./definitionCollections.test.js');
  }
  const runner = await new Promise<MochaType.Runner>((resolve) => {
    const r = mocha.run(() => resolve(r));
    r.on('fail', (test, error: Error) => console.log(`${SUITE_MARK}FAILED ${test.fullTitle()}: ${error.message.split('\n')[0]}`));
  });
  const { passes, failures } = runner.stats!;
  console.log(`${SUITE_MARK}web worker host: ${passes} passed, ${failures} failed`);
  if (failures > 0 || passes === 0) {
    throw new Error(`${failures} web tests failed, ${passes} passed`);
  }
}

/** What Node's `util.format` makes of the reporter's `%s` and `%d` lines, which the browser lacks. */
function format([first, ...rest]: unknown[]): string {
  const shown = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const text = shown(first).replace(/%[sd]/g, () => shown(rest.shift()));
  return [text, ...rest.map(shown)].join(' ');
}
