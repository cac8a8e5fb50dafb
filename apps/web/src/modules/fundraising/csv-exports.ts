/**
 * Hands text made in the browser to the person as a file (a player's contacts, §2.3). The
 * Donation Details exports are written by the server instead (decisions.md, "Donation exports").
 * The byte-order mark makes spreadsheet programs read the names as UTF-8 (accents, not mojibake).
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
