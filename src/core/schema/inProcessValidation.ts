/**
 * Validation on the caller's own thread, behind the worker's interface (`Validates`), for the
 * front ends without an editor: the command line and the MCP server. The worker exists so that
 * the editor's thread never waits on a large record while the user types; a command line has
 * nothing else to do meanwhile, ships as one file (no worker script beside it) and checks each
 * record once, so a worker would only add its start and a copy of every record. Nor is its time
 * limit missed: patterns run on RE2 (`dialects.ts`, linear time), so no schema doc can hang the
 * process. The checks are the worker's own (`validator.ts`): the same compiler, the same problems.
 */
import type { SchemaSource, Validates } from './validation';
import { checkAllServed, checkText, SchemaCompiler, type ServedResult, type TextCheck } from './validator';

export class InProcessValidation implements Validates {
  private readonly compiler = new SchemaCompiler();

  async check(schema: SchemaSource | undefined, text: string, maxPlaced = Number.POSITIVE_INFINITY): Promise<TextCheck> {
    return checkText(text, schema && (await this.compiler.compileText(schema.id, schema.text)), maxPlaced);
  }

  async checkServed(schema: SchemaSource, served: Uint8Array[], maxPlaced = Number.POSITIVE_INFINITY): Promise<ServedResult[]> {
    return checkAllServed(served, await this.compiler.compileText(schema.id, schema.text), maxPlaced);
  }

  /** No open documents here: the text is read whole each time. */
  checkOpen(schema: SchemaSource | undefined, document: { text(): string }, maxPlaced?: number): Promise<TextCheck> {
    return this.check(schema, document.text(), maxPlaced);
  }

  edited(): void {}

  closed(): void {}

  schemaProblem(schema: unknown): Promise<string | undefined> {
    return this.compiler.schemaProblem(schema);
  }

  async dispose(): Promise<void> {}
}
