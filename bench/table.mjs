// One table with every figure and its target.
export function createTable() {
  const lines = [];
  return {
    section(title) {
      lines.push({ title });
    },
    row(what, value, target = '') {
      lines.push({ what, value, target });
    },
    print() {
      const width = Math.max(...lines.filter((l) => l.what).map((l) => l.what.length));
      const out = [];
      for (const l of lines) {
        if (l.title) {
          out.push('', l.title, '-'.repeat(l.title.length));
        } else {
          out.push(`${l.what.padEnd(width)}  ${l.value}${l.target ? `  [target: ${l.target}]` : ''}`);
        }
      }
      console.log(out.join('\n'));
    },
  };
}
