/**
 * What every tool answers: one JSON object, with `requests` (how many this call sent, counted by
 * the transport for the call's scope: nothing sent meanwhile by anything else) and, when it did
 * not do what was asked, `refused` in the words a save shows. Never a key: answers carry ids,
 * names and records only. Each front end hands it over as compact JSON text.
 */
import { BinServiceError, RequestScope } from '../api';
import { Refused } from '../store/refused';

/** A refusal the tool words itself (a patch that does not apply, a cap), with what the model needs to try again. */
export class ToolRefusal extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Runs a tool's work and answers what it found, or why it was refused, with the requests it sent. */
export async function answer<P extends object>(
  p: P,
  work: (p: P & { scope: RequestScope }) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const scope = new RequestScope();
  const requests = () => scope.sent;
  try {
    // The account's parts seen with the call's scope.
    const found = await work(Object.assign(Object.create(p) as P, { scope }));
    return { ...found, requests: requests() };
  } catch (error) {
    if (error instanceof ToolRefusal) {
      return { refused: error.message, ...error.details, requests: requests() };
    }
    if (error instanceof Refused || error instanceof BinServiceError) {
      return { refused: error.message, requests: requests() };
    }
    throw error;
  }
}
