/** The Node.js flags the server runs with (node-flags.mjs). */
export function serverNodeFlags(version?: string): string[];
