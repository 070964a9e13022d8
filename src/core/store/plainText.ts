/**
 * Notifications turn `[label](target)` into links, commands included: text that came from the
 * service (or holds what it sent) is shown as written, with that syntax broken. No `vscode`
 * import: the file system's errors, which VS Code shows as notifications, use it too.
 */
export function plainText(text: string): string {
  return text.replace(/\]\(/g, ']\u200B(');
}
