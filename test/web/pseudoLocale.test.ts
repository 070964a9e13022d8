/** The extension in the pseudo-language, in the web worker host: run by `node test/runner/code-server.mjs --web --pseudo-locale`. */
import { describePseudoLocale } from '../support/pseudoLocale';
import { setup } from './world';

describePseudoLocale(setup);
