/** The extension in the pseudo-language, in the Node extension host: run by `node test/runner/code-server.mjs --pseudo-locale`. */
import { describePseudoLocale } from '../support/pseudoLocale';
import { setup } from './support';

describePseudoLocale(setup);
