/**
 * Cases of structured-output definitions: Use as Schema Doc from a definition's row, its tab and
 * the palette (which asks for the bin), and Check Against Definition from a bin's row and the
 * palette (the active tab checked), the definition picked among those known or entered by id.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json } from '../../../src/core/api';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { pathsOf, run, type Bin, type Case, type MenuContext } from './context';

const SCHEMA = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false };

export function definitionCases(c: MenuContext): Record<string, Case> {
  /** A bin of this record where a row of this kind would show it: in the plain collection, remembered (Add Bin reads it), or neither. */
  const newRecordBin = async (name: string, record: Json, kind?: string): Promise<Bin> => {
    const collectionId = kind === 'bin' ? c.plainCollection.id : undefined;
    const id = (await c.w.other.createBin({ record, name, collectionId })).metadata.id;
    if (kind === 'bin.remembered') {
      await run(Command.addBin, id);
    }
    return { id, name };
  };
  const newDefinition = async (kind?: string): Promise<Bin & { definitionName: string }> => {
    const n = c.next();
    const definitionName = `menu_def_${n}`;
    return { ...(await newRecordBin(`menu definition ${n}`, { name: definitionName, strict: true, schema: SCHEMA }, kind)), definitionName };
  };

  const useCase: Case = async (place, kind) => {
    const definition = await newDefinition(kind ?? 'bin');
    const n = c.next();
    const collection = await c.w.other.createCollection(`Menu outputs ${n}`);
    // The collection is listed with the others when the picker lists them.
    await run(Command.refresh);
    const args = await c.argsFor(place, kind, definition);
    const fromPalette = place.menu === 'palette';
    const requests = await c.invoke(place.entry.command, args, ...(fromPalette ? [definition.id] : []), `Menu outputs ${n}`, `menu doc ${n}`);
    const attached = (await c.w.other.listCollections()).find((col) => col.id === collection.id)?.schemaDocId;
    assert.ok(attached, 'no schema doc attached');
    assert.deepEqual((await c.w.other.readSchemaDoc(attached)).record, SCHEMA);
    // The definition read once unless its tab or Add Bin read it; the collection's listings aside, 1 POST and 1 attach.
    const read = place.menu === 'editor/title' || kind === 'bin.remembered' ? [] : [`GET /v3/b/${definition.id}/latest`];
    assert.deepEqual(
      pathsOf(requests).filter((p) => p !== 'GET /v3/c' && !p.startsWith(`GET /v3/c/${collection.id}/bins`)),
      [...read, 'POST /v3/s', `PUT /v3/c/${collection.id}/schemadoc/add`],
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.path.startsWith(`/schema/${attached}`), true);
  };

  /** The output's problem against the definition, at its node: `n` is no number. */
  const checkCase: Case = async (place, kind) => {
    const definition = await newDefinition();
    // Known from its read: the picker offers it without a request.
    await run(Command.checkDefinition, definition.id);
    const output = await newRecordBin(`menu output ${c.next()}`, { n: 'three' }, kind);
    const fromPalette = place.menu === 'palette';
    let args: unknown[];
    if (fromPalette) {
      // The palette offers it while an editor is open: the active one is checked.
      await vscode.window.showTextDocument(await run<vscode.Uri>(Command.openBin, output.id));
      await c.w.api.whenIdle();
      args = [];
    } else {
      args = await c.argsFor(place, kind, output);
    }
    // From the palette the definition is entered by id, from a row picked among those known.
    const answers = fromPalette ? ['Enter a bin id', definition.id] : [definition.definitionName];
    const requests = await c.invoke(place.entry.command, args, ...answers);
    // The output read once, unless its tab or Add Bin read it; the definition known.
    assert.deepEqual(pathsOf(requests), kind === 'bin' ? [`GET /v3/b/${output.id}/latest`] : []);
    assert.equal(c.asked[0], 'Check against which definition?');
    const found = vscode.languages
      .getDiagnostics()
      .filter(([uri]) => uri.path.startsWith(`/bin/${output.id}/`))
      .flatMap(([, diagnostics]) => diagnostics)
      .filter((d) => d.source === `JSONBin definition "${definition.definitionName}"`);
    assert.equal(found.length, 1, JSON.stringify(found));
  };

  return { [Command.useDefinitionAsSchemaDoc]: useCase, [Command.checkAgainstDefinition]: checkCase };
}
