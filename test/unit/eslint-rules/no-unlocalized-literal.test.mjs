// The localization check (eslint-rules/no-unlocalized-literal.mjs), on code as the project writes
// it: ESLint's RuleTester runs each case as a mocha test.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from '../../../eslint-rules/no-unlocalized-literal.mjs';

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const options = [{ errorClasses: { BinServiceError: [1], Refused: [0, 1] }, messageCalls: ['confirm'], pickCalls: ['pick'] }];
const literal = (count = 1) => Array.from({ length: count }, () => ({ messageId: 'literal' }));

tester.run('no-unlocalized-literal', rule, {
  valid: [
    { code: "vscode.window.showInformationMessage(vscode.l10n.t('Deleted {0}.', name));" },
    { code: "vscode.window.showWarningMessage(l10n.t('Delete {0}?', name), { modal: true, detail: l10n.t('It cannot be undone.') }, l10n.t('Delete'));" },
    { code: 'vscode.window.showInformationMessage(vscode.l10n.t`Deleted ${name}.`);' },
    { code: 'vscode.window.showErrorMessage(error.message);' },
    // No words: nothing to translate.
    { code: "item.text = '$(sync~spin)';" },
    { code: 'item.text = `$(cloud) ${count}`;' },
    { code: "showQuickPick([{ label: `$(${isPrivate ? 'lock' : 'globe'}) ${name}` }]);" },
    { code: "item.text = `${vscode.l10n.t('Requests')}: ${count}`;" },
    { code: "const items = [{ label: vscode.l10n.t('Public'), description: bin.id }];" },
    { code: "const options = { placeHolder: l10n.t('Pick a bin'), title: name };" },
    { code: "vscode.window.showInputBox({ validateInput: (v) => (v ? undefined : vscode.l10n.t('A name is needed')) });" },
    { code: 'new vscode.Diagnostic(range, l10n.t(\'Missing property "{0}"\', name));' },
    { code: "new BinServiceError('invalidInput', l10n.t('The service URL is not a valid URL: {0}', url));", options },
    // Not shown: an id, a header, a key in the extension's state, a context key.
    { code: "headers['X-Bin-Name'] = name; memory.update('jsonbin.bins', bins); vscode.commands.executeCommand('setContext', 'jsonbin.hasKey', true);" },
    { code: "new HttpFailure('timeout', false);" },
    { code: "const error = { kind: 'network', status: 500 };" },
    // A webview panel's, a Source Control's and its groups' titles, an output channel's name, a status bar item's name, a diff's title: localized.
    { code: "vscode.window.createWebviewPanel('jsonbin.table', vscode.l10n.t('Bins in no collection'), vscode.ViewColumn.Active, { enableScripts: true });" },
    { code: "const scm = vscode.scm.createSourceControl('jsonbin', l10n.t('JSONBin')); scm.createResourceGroup('toPush', l10n.t('To Push'));" },
    { code: "vscode.window.createOutputChannel(vscode.l10n.t('JSONBin Log'), { log: true });" },
    {
      code: "const item = vscode.window.createStatusBarItem('jsonbin.requests', vscode.StatusBarAlignment.Left, 99); item.name = vscode.l10n.t('JSONBin Requests');",
    },
    { code: "vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0}: Service ↔ Yours', name));" },
    // Their ids are not shown; a command's arguments other than a diff's title are not either.
    { code: "vscode.window.createWebviewPanel('jsonbin.table', title, column); vscode.window.createStatusBarItem('jsonbin.link');" },
    { code: "vscode.commands.executeCommand('setContext', 'jsonbin.hasKey', true); vscode.commands.executeCommand('vscode.open', uri, 'Beside');" },
  ],
  invalid: [
    { code: "vscode.window.showInformationMessage('Hello');", errors: literal() },
    { code: "window.showWarningMessage(`Delete ${name}?`, { modal: true }, 'Delete');", errors: literal(2) },
    { code: "vscode.window.showErrorMessage('Could not delete ' + name);", errors: literal() },
    { code: "vscode.window.showInformationMessage(done ? l10n.t('Done') : 'Not done');", errors: literal() },
    { code: "vscode.window.showWarningMessage(l10n.t('Delete?'), { modal: true, detail: 'It cannot be undone.' });", errors: literal() },
    { code: "vscode.window.showQuickPick(['Public', 'Private']);", errors: literal(2) },
    { code: "vscode.window.showQuickPick(items, { placeHolder: 'Pick a bin', title: `Bins of ${account}` });", errors: literal(2) },
    { code: "const items = [{ label: 'Public', description: 'anyone with the link', detail: `id ${id}` }];", errors: literal(3) },
    { code: "vscode.window.showInputBox({ prompt: 'Name', placeHolder: 'my bin', title: 'New Bin' });", errors: literal(3) },
    { code: "vscode.window.showInputBox({ validateInput: (v) => { if (!v) { return 'A name is needed'; } return undefined; } });", errors: literal() },
    { code: "vscode.window.showInputBox({ validateInput: (v) => (v ? undefined : 'A name is needed') });", errors: literal() },
    { code: "const pick = vscode.window.createQuickPick(); pick.title = 'Find'; pick.placeholder = 'Text to find';", errors: literal(2) },
    { code: "const item = new vscode.TreeItem('Collections');", errors: literal() },
    { code: "node.label = 'Uncategorized'; node.description = 'no collection'; node.tooltip = `${count} bins`;", errors: literal(3) },
    { code: "showQuickPick([{ label: `${isPrivate ? 'Private' : 'Public'} ${name}` }]);", errors: literal(2) },
    { code: "status.text = '$(cloud) Requests'; status.tooltip = 'Requests sent today'; status.name = 'JSONBin Requests';", errors: literal(3) },
    {
      code: "vscode.window.withProgress({ location, title: 'Uploading' }, (progress) => { progress.report({ message: `${n} of ${total}` }); });",
      errors: literal(2),
    },
    { code: "new vscode.Diagnostic(range, 'Missing property');", errors: literal() },
    { code: 'new vscode.MarkdownString(`**Bin** ${id}`);', errors: literal() },
    { code: "new vscode.CodeLens(range, { title: 'Create Bin', command: 'jsonbin.createBin' });", errors: literal() },
    { code: "throw new Error('No record to draft a schema doc from');", errors: literal() },
    { code: 'throw new TypeError(`Expected ${type}`);', errors: literal() },
    { code: "throw new BinServiceError('invalidInput', 'Bin cannot be blank');", options, errors: literal() },
    { code: "throw new Refused('Not saved', `the text has ${n} errors`, 'noPermission');", options, errors: literal(2) },
    { code: "await prompts.confirm('Delete the bin?', 'It cannot be undone.', 'Delete');", options, errors: literal(3) },
    { code: "await prompts.pick(['Public', 'Private'], { placeHolder: 'Privacy' });", options, errors: literal(3) },
    { code: "vscode.window.createWebviewPanel('jsonbin.table', 'Bins in no collection', vscode.ViewColumn.Active, {});", errors: literal() },
    { code: "vscode.window.createWebviewPanel('jsonbin.table', `Table of ${name}`, column);", errors: literal() },
    { code: "const scm = vscode.scm.createSourceControl('jsonbin', 'JSONBin Links');", errors: literal() },
    {
      code: "scm.createResourceGroup('toPush', 'To Push'); scm.createResourceGroup('both', ok ? l10n.t('Both') : 'Changed on Both Sides');",
      errors: literal(2),
    },
    { code: "vscode.window.createOutputChannel('JSONBin Log', { log: true });", errors: literal() },
    { code: "const item = vscode.window.createStatusBarItem('jsonbin.requests'); item.name = 'JSONBin Requests';", errors: literal() },
    { code: "vscode.commands.executeCommand('vscode.diff', left, right, 'Service ↔ Yours');", errors: literal() },
    { code: "vscode.commands.executeCommand('vscode.changes', `Changes of ${name}`, resources);", errors: literal() },
    { code: "const prepared = { invocationMessage: 'Creating a bin', confirmationMessages: { title: 'Create a bin?', message } };", errors: literal(2) },
  ],
});
