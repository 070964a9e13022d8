/**
 * A CPU profile's call frames named as in the source: the extension's bundle is minified (`i`
 * says nothing), so each frame of its files is looked up in the bundle's source map (written
 * beside each file, not packaged: see esbuild.mjs). Frames of other code keep their name, with
 * their file's.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What V8 says of a frame: `lineNumber` and `columnNumber` (0-based) are where the function starts. */
export interface CallFrame {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}

/** Node's mapping carries the source name of the token there, when it has one (not in its types). */
type Mapping = SourceMapping & { name?: string };

/** How far before a function's parameters its (minified) name is looked for. */
const NAME_REACH = 200;

export class SourceNames {
  private readonly maps = new Map<string, { map: SourceMap; lines: string[] } | undefined>();

  /** `codeUrl`: the bundle's folder, as a file URL; its frames are the ones looked up. */
  constructor(private readonly codeUrl: string) {}

  /** `name (source.ts:line)` for the bundle's frames, `name (file.js)` for others. */
  name(frame: CallFrame): string {
    const name = frame.functionName || '(anonymous)';
    if (!frame.url) {
      return name;
    }
    if (!frame.url.startsWith(this.codeUrl)) {
      return `${name} (${basename(frame.url)})`;
    }
    const file = this.mapOf(frame.url);
    if (!file) {
      return `${name} (${basename(frame.url)}, no source map)`;
    }
    const at = file.map.findEntry(frame.lineNumber, frame.columnNumber) as Mapping | Record<string, never>;
    if (!('originalSource' in at)) {
      return `${name} (${basename(frame.url)}, not in its map)`;
    }
    return `${this.sourceName(file, frame) ?? name} (${basename(at.originalSource)}:${at.originalLine + 1})`;
  }

  /**
   * V8 places a function at its parameters; its minified name (or the variable's, for an arrow
   * function) comes before them, and the map gives that token's source name.
   */
  private sourceName(file: { map: SourceMap; lines: string[] }, frame: CallFrame): string | undefined {
    if (!frame.functionName) {
      return undefined;
    }
    const at = file.lines[frame.lineNumber]?.lastIndexOf(frame.functionName, frame.columnNumber) ?? -1;
    if (at < 0 || frame.columnNumber - at > NAME_REACH) {
      return undefined;
    }
    const token = file.map.findEntry(frame.lineNumber, at) as Mapping | Record<string, never>;
    return 'generatedColumn' in token && token.generatedColumn === at ? token.name : undefined;
  }

  private mapOf(url: string): { map: SourceMap; lines: string[] } | undefined {
    if (!this.maps.has(url)) {
      const path = fileURLToPath(url);
      try {
        this.maps.set(url, {
          map: new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapPayload),
          lines: readFileSync(path, 'utf8').split('\n'),
        });
      } catch {
        this.maps.set(url, undefined);
      }
    }
    return this.maps.get(url);
  }
}
